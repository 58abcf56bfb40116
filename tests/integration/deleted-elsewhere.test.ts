import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessRunner } from '../../src/main/jobs/in-process.js';
import { createTestApp, type TestApp } from './fixtures/services.js';
import { tinyInstance } from './fixtures/tiny.js';

/**
 * An id that names nothing stored, against a real database file: one deleted since (in another window or tab) is a
 * conflict, said as such, by every call that names it; one no instance or plan ever had is the request's mistake.
 */
let app: TestApp;
beforeAll(() => {
  app = createTestApp(inProcessRunner());
});
afterAll(() => app.close());

const variant = { name: 'tw1' } as const;
const routes = [['a', 'b', 'c', 'd', 'e']];

describe('a day deleted elsewhere', () => {
  it('is refused as deleted elsewhere (conflict) by every call that names it or its plans; an id never stored is refused as input', async () => {
    const day = await app.call('instances:save', { instance: tinyInstance('gone day') });
    const plan = await app.call('plans:saveEdited', { instanceId: day.id, variant, routes });
    await app.call('instances:delete', { id: day.id });
    // Each refusal says which day or plan it names by id, in which words, for a window that knows its name to say that.
    const gone = {
      kind: 'conflict',
      message: expect.stringContaining(`the instance with id ${day.id} was deleted elsewhere`),
      missing: { what: 'day', id: day.id, words: `the instance with id ${day.id}` },
    };
    const planGone = {
      kind: 'conflict',
      message: expect.stringContaining(`the plan with id ${plan.id} was deleted elsewhere`),
      missing: { what: 'plan', id: plan.id, words: `the plan with id ${plan.id}` },
    };
    const planRequest = { instanceId: day.id, variant, method: 'classical', timeLimitSec: 0.1 };
    const calls: Array<[Parameters<TestApp['fail']>[0], unknown, object]> = [
      ['instances:get', { id: day.id }, gone],
      ['instances:exportCsv', { id: day.id }, gone],
      ['plans:list', { instanceId: day.id }, gone],
      ['plans:create', planRequest, gone],
      ['compare:variants', { instanceId: day.id, method: 'classical', timeLimitSec: 0.1, a: variant, b: { name: 'tw3' } }, gone],
      ['plans:check', { instanceId: day.id, variant, routes, fromPlan: plan.id }, gone],
      ['plans:saveEdited', { instanceId: day.id, variant, routes, fromPlan: plan.id }, gone],
      ['plans:get', { id: plan.id }, planGone],
      ['plans:export', { id: plan.id, format: 'csv' }, planGone],
    ];
    for (const [name, request, refusal] of calls) expect(await app.fail(name, request), name).toMatchObject(refusal);

    const never = day.id + 1000;
    const neverPlan = plan.id + 1000;
    const notEver = (what: string, id: number) => ({
      kind: 'input',
      message: expect.stringContaining(`there is no ${what} with id ${id}, and there never was`),
    });
    expect(await app.fail('plans:list', { instanceId: never })).toMatchObject(notEver('instance', never));
    expect(await app.fail('instances:exportCsv', { id: never })).toMatchObject(notEver('instance', never));
    expect(await app.fail('plans:get', { id: neverPlan })).toMatchObject(notEver('plan', neverPlan));
    expect(await app.fail('plans:delete', { id: neverPlan })).toMatchObject(notEver('plan', neverPlan));
    expect(await app.call('plans:delete', { id: plan.id })).toEqual({ deleted: false });
  });
});

describe('a request on the version of a day shown (basedOn)', () => {
  it('naming a day never stored is the request’s mistake, as without basedOn; a day deleted since stays a conflict', async () => {
    const day = await app.call('instances:save', { instance: tinyInstance('shown day') });
    const basedOn = day.updatedAt;
    await app.call('instances:delete', { id: day.id });
    const never = day.id + 1000;
    const requests = (instanceId: number): Array<[Parameters<TestApp['fail']>[0], unknown]> => [
      ['plans:create', { instanceId, basedOn, variant, method: 'classical', timeLimitSec: 0.1 }],
      ['compare:variants', { instanceId, basedOn, method: 'classical', timeLimitSec: 0.1, a: variant, b: { name: 'tw3' } }],
      ['plans:saveEdited', { instanceId, basedOn, variant, routes }],
    ];
    for (const [name, request] of requests(never)) {
      expect(await app.fail(name, request), name).toMatchObject({
        kind: 'input',
        message: expect.stringContaining(`there is no instance with id ${never}, and there never was`),
      });
    }
    for (const [name, request] of requests(day.id)) {
      expect(await app.fail(name, request), name).toMatchObject({
        kind: 'conflict',
        message: expect.stringContaining('this instance was deleted in another window since it was opened here'),
        missing: { what: 'day', id: day.id, words: 'this instance' },
      });
    }
  });
});

describe('hand edits of a plan deleted elsewhere, its day still stored', () => {
  it('are checked, kept as a new hand-edited plan of the day (the answer says so) and exported from the routes sent', async () => {
    const day = await app.call('instances:save', { instance: tinyInstance('edits kept') });
    const plan = await app.call('plans:saveEdited', { instanceId: day.id, variant, routes });
    const edited = [
      ['e', 'd', 'c'],
      ['b', 'a'],
    ];
    await app.call('plans:delete', { id: plan.id });
    const request = { instanceId: day.id, variant, routes: edited, fromPlan: plan.id };

    expect(await app.call('plans:check', request)).toEqual(await app.call('plans:check', { ...request, fromPlan: undefined }));
    const saved = await app.call('plans:saveEdited', request);
    expect(saved).toMatchObject({ instanceId: day.id, method: 'manual', routes: edited, editedFrom: plan.id });
    expect(saved.sourceDeleted).toBe(
      `plan ${plan.id}, which these edits were made on, was deleted elsewhere since: the edits are kept as a new hand-edited plan of “edits kept”`,
    );
    expect((await app.call('plans:list', { instanceId: day.id })).map((p) => p.id)).toEqual([saved.id]);

    const file = await app.call('plans:export', { id: plan.id, format: 'csv', routes: edited, instanceId: day.id, variant });
    expect(file.fileName).toBe(`edits_kept-tw1-manual-${plan.id}-edited.csv`);
    expect(file.text).toBe((await app.call('plans:export', { id: saved.id, format: 'csv' })).text);
    // Without the day the routes are shown on, there is nothing to export them on: said to be deleted elsewhere.
    expect(await app.fail('plans:export', { id: plan.id, format: 'csv', routes: edited })).toMatchObject({
      kind: 'conflict',
      message: expect.stringContaining(`the plan with id ${plan.id} was deleted elsewhere`),
    });
  });

  it('of another day, or with a day and policy but no routes, are refused as the request’s mistake', async () => {
    const day = await app.call('instances:save', { instance: tinyInstance('mine') });
    const other = await app.call('instances:save', { instance: tinyInstance('theirs') });
    const plan = await app.call('plans:saveEdited', { instanceId: day.id, variant, routes });
    expect(await app.fail('plans:export', { id: plan.id, format: 'csv', routes, instanceId: other.id })).toMatchObject({
      kind: 'input',
      message: expect.stringContaining(`plan ${plan.id} is a plan of “mine”, not of “theirs”`),
    });
    expect(await app.fail('plans:export', { id: plan.id, format: 'csv', instanceId: day.id })).toMatchObject({ kind: 'input' });
  });
});

describe('a plan on screen whose day was deleted elsewhere', () => {
  /** A plan of a new day, its day deleted since, and the plan and day as the window that showed them holds them. */
  async function heldAfterDelete(name: string) {
    const day = await app.call('instances:save', { instance: tinyInstance(name) });
    const plan = await app.call('plans:create', { instanceId: day.id, variant, method: 'random', samples: 5 });
    const file = await app.call('plans:export', { id: plan.id, format: 'json' });
    await app.call('instances:delete', { id: day.id });
    const { variant: shownVariant, method, modelName, routes: shownRoutes, seconds, effort } = plan;
    const held = { plan: { variant: shownVariant, method, modelName, routes: shownRoutes, seconds, effort }, day: day.instance };
    return { day, plan, file, held };
  }

  it('exports from the plan and day the window holds: the files it made before', async () => {
    const { plan, file, held } = await heldAfterDelete('held day');
    expect(await app.call('plans:export', { id: plan.id, format: 'json', held })).toEqual(file);
    const csv = await app.call('plans:export', { id: plan.id, format: 'csv-decimal-comma', held });
    expect(csv.fileName).toBe(`held_day-tw1-random-${plan.id}-decimal-comma.csv`);
    // Its hand edits too, on the day held.
    const edited = [['e', 'd', 'c', 'b', 'a']];
    const editedFile = await app.call('plans:export', {
      id: plan.id,
      format: 'csv',
      routes: edited,
      instanceId: plan.instanceId,
      variant,
      held,
    });
    expect(editedFile.fileName).toBe(`held_day-tw1-manual-${plan.id}-edited.csv`);
    // Without them there is nothing to export: said to be deleted elsewhere, as before.
    expect(await app.fail('plans:export', { id: plan.id, format: 'json' })).toMatchObject({ kind: 'conflict' });
  });

  it('is kept with the day stored as a new day: made, named and timed as it was, its figures made again on the new day', async () => {
    const { plan, held } = await heldAfterDelete('kept plan');
    const copy = await app.call('instances:save', { instance: { ...held.day, name: 'kept plan (copy)' } });
    const kept = await app.call('plans:keep', {
      instanceId: copy.id,
      basedOn: copy.updatedAt,
      id: plan.id,
      plan: held.plan,
      madeOn: held.day,
    });
    expect(kept).toMatchObject({ instanceId: copy.id, method: 'random', routes: plan.routes, evaluation: plan.evaluation });
    expect(kept.effort).toBe(plan.effort);
    expect(kept.dataChanged).toBeUndefined();
    // Stored with unsaved changes to its planning data, the new day plans otherwise: the plan is out of date there.
    const fewer = { ...held.day, name: 'kept plan (copy 2)', vehicles: 2 };
    const changed = await app.call('instances:save', { instance: fewer });
    expect((await app.call('plans:keep', { instanceId: changed.id, id: plan.id, plan: held.plan, madeOn: held.day })).dataChanged).toBe(
      true,
    );
    // A stop neither day has is refused, and nothing is kept.
    const typo = { ...held.plan, routes: [...held.plan.routes, ['zz']] };
    expect(await app.fail('plans:keep', { instanceId: copy.id, id: plan.id, plan: typo, madeOn: held.day })).toMatchObject({
      kind: 'input',
      message: expect.stringContaining('the plan visits zz, which neither “kept plan (copy)” nor the day it was made on has'),
    });
    expect((await app.call('plans:list', { instanceId: copy.id })).map((p) => p.id)).toEqual([kept.id]);
  });
});
