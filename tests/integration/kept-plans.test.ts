import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessRunner } from '../../src/main/jobs/in-process.js';
import { registerBuiltInModels } from '../../src/main/services/models.js';
import { heldPlan, keptEdits } from '../../src/shared/held-plan.js';
import type { StoredPlan } from '../../src/shared/api.js';
import { ADDED_AFTER } from '../../src/shared/not-served.js';
import type { Evaluation } from '../../src/shared/domain.js';
import { createTestApp, type TestApp } from './fixtures/services.js';
import { tinyInstance } from './fixtures/tiny.js';
import { saveTinyModel } from '../unit/jampr/fixtures.js';

/**
 * A plan a window keeps with its day saved as a new day (plans:keep), against a real database file: what the window
 * says of how the plan was made is stored only as far as it can be checked, the stored copy says what could not be,
 * and the customers the dispatcher took off the routes by hand stay taken off by hand, kept and exported.
 */
let app: TestApp;
beforeAll(() => {
  app = createTestApp(inProcessRunner());
  registerBuiltInModels(app.store, 'resources/models');
});
afterAll(() => app.close());

const variant = { name: 'tw1' } as const;
const TAKEN_OFF = 'it was taken off its route by hand';
const reasonOf = (evaluation: Evaluation, id: string) =>
  evaluation.violations.find((v) => v.kind === 'unserved' && v.customerId === id)?.message;

/** A day with a classical plan and a hand edit of it that takes `e` off the routes, as the window shows the edit. */
async function dayWithEdit(name: string) {
  const day = await app.call('instances:save', { instance: tinyInstance(name) });
  const planned = await app.call('plans:create', { instanceId: day.id, variant, method: 'classical', timeLimitSec: 0.1 });
  const routes = planned.routes.map((r) => r.filter((id) => id !== 'e')).filter((r) => r.length > 0);
  const edit = await app.call('plans:saveEdited', { instanceId: day.id, variant, routes, fromPlan: planned.id });
  const shown = await app.call('plans:get', { id: edit.id });
  expect(reasonOf(shown.evaluation, 'e')).toBe(`customer e is not served: ${TAKEN_OFF}`);
  return { day, planned, edit: shown };
}

const copyOf = (name: string) => app.call('instances:save', { instance: tinyInstance(name) });

describe('a plan kept while the plan it copies is still stored (its day saved over elsewhere)', () => {
  it('is that plan as it was made and scored, whatever the window says of it, and names it', async () => {
    const day = await app.call('instances:save', { instance: tinyInstance('saved over') });
    const plan = await app.call('plans:create', { instanceId: day.id, variant, method: 'classical', timeLimitSec: 0.1 });
    // Another window saves the day over; this one keeps its version as a new day, with its plan.
    await app.call('instances:save', { id: day.id, instance: { ...tinyInstance('saved over'), vehicles: 2 } });
    const copy = await copyOf('saved over (copy)');
    const lie = { ...heldPlan(plan), method: 'jampr-sample1280', modelName: 'best-model-ever', seconds: 0.001, effort: 1 };
    const kept = await app.call('plans:keep', { instanceId: copy.id, id: plan.id, plan: lie, madeOn: day.instance });
    expect(kept).toMatchObject({ method: 'classical', modelName: null, seconds: plan.seconds, effort: 0.1, keptFrom: plan.id });
    expect(kept.unverified).toBeUndefined();
    expect(kept.evaluation).toEqual(plan.evaluation);
    expect(kept.dataChanged).toBeUndefined();
    // Other routes are not that plan: refused, nothing kept.
    const edited = { ...heldPlan(plan), routes: [['a', 'b', 'c', 'd', 'e']] };
    expect(await app.fail('plans:keep', { instanceId: copy.id, id: plan.id, plan: edited, madeOn: day.instance })).toMatchObject({
      kind: 'input',
      message: `the routes sent are not those of plan ${plan.id}: edited routes are kept as an edited plan (plans:saveEdited); nothing was kept`,
    });
    expect((await app.call('plans:list', { instanceId: copy.id })).map((p) => p.id)).toEqual([kept.id]);
    // A plan id never stored is the request's mistake.
    expect(
      await app.fail('plans:keep', { instanceId: copy.id, id: plan.id + 1000, plan: heldPlan(plan), madeOn: day.instance }),
    ).toMatchObject({
      kind: 'input',
      message: expect.stringContaining(`there is no plan with id ${plan.id + 1000}, and there never was`),
    });
  });

  it('keeps the customers the dispatcher took off by hand as taken off by hand', async () => {
    const { day, edit } = await dayWithEdit('edited, saved over');
    await app.call('instances:save', { id: day.id, instance: { ...tinyInstance('edited, saved over'), capacity: 40 } });
    const copy = await copyOf('edited, saved over (copy)');
    const kept = await app.call('plans:keep', { instanceId: copy.id, id: edit.id, plan: heldPlan(edit), madeOn: day.instance });
    expect(kept).toMatchObject({ method: 'manual', keptFrom: edit.id });
    expect(reasonOf(kept.evaluation, 'e')).toBe(`customer e is not served: ${TAKEN_OFF}`);
  });
});

describe('a plan kept after the plan it copies was deleted with its day', () => {
  /** The plan as the window held it, its day (and so the plan) deleted since, and a new day it is kept with. */
  async function heldAfterDelete(plan: StoredPlan, name: string) {
    const day = await app.call('instances:get', { id: plan.instanceId });
    await app.call('instances:delete', { id: day.id });
    return { madeOn: day.instance, copy: await copyOf(`${name} (copy)`) };
  }

  it('is refused where the window names a method or model no plan here is made with, and says it is as the window said', async () => {
    const day = await app.call('instances:save', { instance: tinyInstance('lied about') });
    const plan = await app.call('plans:create', { instanceId: day.id, variant, method: 'classical', timeLimitSec: 0.1 });
    const { madeOn, copy } = await heldAfterDelete(plan, 'lied about');
    const held = heldPlan(plan);
    const [jampr] = (await app.call('models:list', {})).filter((m) => m.card.method === 'jampr');
    const [am] = (await app.call('models:list', {})).filter((m) => m.card.method === 'am');
    const EXAMPLES = '(classical, random, manual, jampr-greedy, am-sample128, jampr-greedy+ls…)';
    const lies: Array<[object, string]> = [
      [{ method: 'wizardry' }, `the plan's method wizardry is not a method plans are made with ${EXAMPLES}`],
      // A plan stored before the decoding was named: no plan is made with it now.
      [{ method: 'jampr' }, `the plan's method jampr is not a method plans are made with ${EXAMPLES}`],
      [{ method: 'jampr-greedy' }, "the plan's method jampr-greedy plans with a jampr model, and the plan names none"],
      [{ modelName: jampr.name }, `the plan's method classical plans without a model, yet the plan names the model ${jampr.name}`],
      [
        { method: 'jampr-greedy', modelName: am.name },
        `the plan names the model ${am.name}, a am model, and its method jampr-greedy plans with a jampr one`,
      ],
      [{ greedyKept: true }, 'the plan says greedyKept, which a plan made by classical never does'],
      [{ method: 'random', effort: 5 }, 'the plan says effort, which a plan made by random never does'],
      [{ takenOff: [held.routes[0][0]] }, `the plan says it leaves out ${held.routes[0][0]}, which its routes visit`],
    ];
    for (const [lie, why] of lies) {
      const refusal = await app.fail('plans:keep', { instanceId: copy.id, id: plan.id, plan: { ...held, ...lie }, madeOn });
      expect(refusal, JSON.stringify(lie)).toMatchObject({ kind: 'input', message: `${why}; nothing was kept` });
    }
    expect(await app.call('plans:list', { instanceId: copy.id })).toEqual([]);

    // What cannot be checked (a planning time, a greedy plan named for a model that is here) is kept, and said to be
    // as the window said; the figures are the evaluator's, not the window's.
    const told = { ...held, method: 'jampr-greedy', modelName: jampr.name, seconds: 12.5, effort: undefined };
    const kept = await app.call('plans:keep', { instanceId: copy.id, id: plan.id, plan: told, madeOn });
    expect(kept).toMatchObject({ method: 'jampr-greedy', modelName: jampr.name, seconds: 12.5, keptFrom: plan.id, unverified: true });
    expect(kept.evaluation).toEqual(plan.evaluation);
    expect((await app.call('plans:get', { id: kept.id })).unverified).toBe(true);
    expect((await app.call('plans:list', { instanceId: copy.id }))[0]).toMatchObject({ keptFrom: plan.id, unverified: true });
  });

  it('keeps a plan of a model deleted since, said to be as the window said: which model made it cannot be checked', async () => {
    const model = await app.call('models:import', { folder: await saveTinyModel(join(app.dir, 'imported'), 'jampr', 'tw1', 12) });
    const day = await app.call('instances:save', { instance: tinyInstance('model deleted') });
    const plan = await app.call('plans:create', { instanceId: day.id, variant, method: 'jampr', modelId: model.id });
    expect(plan).toMatchObject({ method: 'jampr-greedy', modelName: model.name });
    await app.call('models:delete', { id: model.id });
    // While the plan is stored, its copy is made from it, the deleted model's name and all.
    const sibling = await copyOf('model deleted (copy 1)');
    const fromStored = await app.call('plans:keep', { instanceId: sibling.id, id: plan.id, plan: heldPlan(plan), madeOn: day.instance });
    expect(fromStored).toMatchObject({ modelName: model.name, keptFrom: plan.id });
    expect(fromStored.unverified).toBeUndefined();
    // Once it is gone with its day, the window's copy is kept as the window holds it, and says so.
    const { madeOn, copy } = await heldAfterDelete(plan, 'model deleted');
    const kept = await app.call('plans:keep', { instanceId: copy.id, id: plan.id, plan: heldPlan(plan), madeOn });
    expect(kept).toMatchObject({ method: 'jampr-greedy', modelName: model.name, keptFrom: plan.id, unverified: true });
    expect(kept.evaluation).toEqual(plan.evaluation);
  });

  it('keeps, and exports, the customers the dispatcher took off by hand as taken off by hand', async () => {
    const { edit } = await dayWithEdit('edited, deleted');
    const held = heldPlan(edit);
    expect(held.takenOff).toEqual(['e']);
    const { madeOn, copy } = await heldAfterDelete(edit, 'edited, deleted');
    for (const format of ['json', 'csv'] as const) {
      const file = await app.call('plans:export', { id: edit.id, format, held: { plan: held, day: madeOn } });
      expect(file.text, format).toContain(TAKEN_OFF);
    }
    // Edited again on screen and exported: what the plan took off stays taken off by hand, as in a saved edit.
    const again = held.routes.map((r) => r.filter((id) => id !== 'a')).filter((r) => r.length > 0);
    const editedFile = await app.call('plans:export', {
      id: edit.id,
      format: 'json',
      routes: again,
      instanceId: edit.instanceId,
      variant,
      held: { plan: held, day: madeOn },
    });
    const left = (JSON.parse(editedFile.text) as { unserved: { id: string; reason: string }[] }).unserved;
    expect(left).toEqual([
      { id: 'a', reason: TAKEN_OFF },
      { id: 'e', reason: TAKEN_OFF },
    ]);

    const kept = await app.call('plans:keep', { instanceId: copy.id, id: edit.id, plan: held, madeOn });
    expect(kept).toMatchObject({ method: 'manual', unverified: true });
    expect(reasonOf(kept.evaluation, 'e')).toBe(`customer e is not served: ${TAKEN_OFF}`);
    const exported = await app.call('plans:export', { id: kept.id, format: 'csv' });
    expect(exported.text).toContain(TAKEN_OFF);
  });

  it('keeps hand edits not saved yet as a plan of the new day, the stops they took off still taken off by hand', async () => {
    const day = await app.call('instances:save', { instance: tinyInstance('unsaved edits') });
    const plan = await app.call('plans:create', { instanceId: day.id, variant, method: 'classical', timeLimitSec: 0.1 });
    expect(plan.routes.flat()).toContain('e');
    const routes = plan.routes.map((r) => r.filter((id) => id !== 'e'));
    const { copy } = await heldAfterDelete(plan, 'unsaved edits');
    // As the window keeps them (keep-plan.ts): the routes on screen, with the plan they are edits of as it holds it.
    const saved = await app.call('plans:saveEdited', { instanceId: copy.id, variant, routes, held: heldPlan(plan) });
    expect(saved).toMatchObject({ method: 'manual', instanceId: copy.id });
    expect(reasonOf(saved.evaluation, 'e')).toBe(`customer e is not served: ${TAKEN_OFF}`);
    expect(reasonOf((await app.call('plans:get', { id: saved.id })).evaluation, 'e')).toBe(`customer e is not served: ${TAKEN_OFF}`);
  });

  it('out of date on screen, stays out of date on the new day, with no cost "when planned" it cannot know', async () => {
    const day = await app.call('instances:save', { instance: tinyInstance('out of date') });
    const plan = await app.call('plans:create', { instanceId: day.id, variant, method: 'classical', timeLimitSec: 0.1 });
    const changed = await app.call('instances:save', { id: day.id, instance: { ...tinyInstance('out of date'), vehicles: 1 } });
    const shown = await app.call('plans:get', { id: plan.id });
    expect(shown.dataChanged).toBe(true);
    await app.call('instances:delete', { id: day.id });
    const copy = await app.call('instances:save', { instance: { ...changed.instance, name: 'out of date (copy)' } });
    const kept = await app.call('plans:keep', { instanceId: copy.id, id: plan.id, plan: heldPlan(shown), madeOn: changed.instance });
    expect(kept.dataChanged).toBe(true);
    expect(kept.plannedCost).toBeUndefined();
    expect((await app.call('plans:list', { instanceId: copy.id }))[0].dataChanged).toBe(true);
  });
});

describe('hand edits kept with a day saved as a new day (Save as new day), as the window keeps them (keep-plan.ts)', () => {
  it('says a customer added to the day and not saved before is left out for being added after the plan', async () => {
    const day = await app.call('instances:save', { instance: tinyInstance('added, not saved') });
    const plan = await app.call('plans:create', { instanceId: day.id, variant, method: 'classical', timeLimitSec: 0.1 });
    const routes = plan.routes.map((r) => r.filter((id) => id !== 'e'));
    // The window's day: a customer added and not saved, then the whole kept as a new day with the edited plan.
    const added = { id: 'f', x: 3, y: 3, demand: 5, ready: 0, due: 900, service: 5 };
    const draft = tinyInstance('added, not saved (new)');
    const copy = await app.call('instances:save', { instance: { ...draft, customers: [...draft.customers, added] } });
    const kept = await app.call('plans:saveEdited', keptEdits(plan, routes, copy));
    expect(kept).toMatchObject({ method: 'manual', instanceId: copy.id });
    expect(reasonOf(kept.evaluation, 'f')).toBe(`customer f is not served: ${ADDED_AFTER}`);
    expect(reasonOf(kept.evaluation, 'e')).toBe(`customer e is not served: ${TAKEN_OFF}`);
    // As a customer added and saved before the day is kept reads on the plan of the day it was added to.
    const saved = await app.call('instances:save', {
      id: day.id,
      instance: { ...day.instance, customers: [...day.instance.customers, added] },
    });
    expect(saved.instance.customers).toHaveLength(6);
    expect(reasonOf((await app.call('plans:get', { id: plan.id })).evaluation, 'f')).toBe(`customer f is not served: ${ADDED_AFTER}`);
  });
});
