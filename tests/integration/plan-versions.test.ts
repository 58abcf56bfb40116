/**
 * Plans of an instance that another window saves or deletes meanwhile: a window plans the version on its screen or
 * is told it changed, a plan made while the instance was saved says what it breaks now, and a deleted instance is
 * named as such rather than as a database error.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInstance } from '../../src/main/vrp/generate.js';
import { createRng } from '../../src/main/vrp/rng.js';
import type { StoredInstance, StoredPlan } from '../../src/shared/api.js';
import { outOfDateNote } from '../../src/shared/route-flags.js';
import { createTestApp, type TestApp } from './fixtures/services.js';
import { tinyInstance } from './fixtures/tiny.js';

let app: TestApp;
beforeAll(() => {
  app = createTestApp();
});
afterAll(async () => {
  await app.close();
});

/** Starts comparing hard and soft windows with the classical solver on a new generated day (not awaited). */
async function startComparison(seed: number, request: { timeLimitSec: number; jobId?: string }) {
  const day = await app.call('instances:save', { instance: generateInstance(100, createRng(seed)) });
  app.events.length = 0;
  const comparing = app.services.handlers['compare:variants']({
    instanceId: day.id,
    a: { name: 'tw1' },
    b: { name: 'tw3' },
    method: 'classical',
    basedOn: day.updatedAt,
    ...request,
  });
  return { day, comparing };
}

const waitForProgress = async () => {
  while (!app.events.some((e) => e.event === 'plan:progress')) await new Promise((r) => setTimeout(r, 10));
};

describe('a plan against the version on screen', () => {
  it('refuses to plan a version saved or deleted elsewhere since the caller opened it', async () => {
    const opened = await app.call('instances:save', { instance: tinyInstance('day') });
    const request = { instanceId: opened.id, variant: { name: 'tw1' }, method: 'random', samples: 5, basedOn: opened.updatedAt } as const;
    expect((await app.call('plans:create', request)).instanceId).toBe(opened.id);
    await new Promise((r) => setTimeout(r, 5));
    await app.call('instances:save', { id: opened.id, instance: { ...opened.instance, vehicles: 1 } });
    const stale = await app.fail('plans:create', request);
    expect(stale).toMatchObject({ kind: 'conflict', message: expect.stringMatching(/“day” was changed in another window/) });
    const { a, b } = { a: { name: 'tw1' }, b: { name: 'tw3' } } as const;
    const { variant: _, ...common } = request;
    expect(await app.fail('compare:variants', { ...common, a, b })).toMatchObject({ kind: 'conflict' });
    await app.call('instances:delete', { id: opened.id });
    expect(await app.fail('plans:create', request)).toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(/was deleted in another window/),
    });
  });

  it('refuses to save hand edits made on a version saved elsewhere since, as it refuses to plan it', async () => {
    const opened = await app.call('instances:save', { instance: tinyInstance('edited day') });
    const plan = await app.call('plans:create', { instanceId: opened.id, variant: { name: 'tw1' }, method: 'random', samples: 5 });
    const edit = {
      instanceId: opened.id,
      variant: plan.variant,
      routes: [plan.routes.flat()],
      fromPlan: plan.id,
      basedOn: opened.updatedAt,
    };
    // On the version on screen, the edits are kept.
    expect((await app.call('plans:saveEdited', edit)).editedFrom).toBe(plan.id);
    await new Promise((r) => setTimeout(r, 5));
    const windows = opened.instance.customers.map((c) => (c.id === 'a' ? { ...c, due: 15 } : c));
    await app.call('instances:save', { id: opened.id, instance: { ...opened.instance, customers: windows } });
    const before = await app.call('plans:list', { instanceId: opened.id });
    expect(await app.fail('plans:saveEdited', edit)).toEqual({
      kind: 'conflict',
      message:
        '“edited day” was changed in another window since it was opened here: open it again from the history to edit its plan on what is stored; the edited plan was not saved',
    });
    // The same words as a plan of that version is refused with, and nothing stored.
    const again = { instanceId: opened.id, variant: { name: 'tw1' }, method: 'random', samples: 5, basedOn: opened.updatedAt };
    const planned = await app.fail('plans:create', again);
    expect(planned.message).toMatch(
      /^“edited day” was changed in another window since it was opened here: open it again from the history to /,
    );
    expect(await app.call('plans:list', { instanceId: opened.id })).toEqual(before);
    await app.call('instances:delete', { id: opened.id });
    expect(await app.fail('plans:saveEdited', edit)).toMatchObject({
      kind: 'conflict',
      message: 'this instance was deleted in another window since it was opened here; the edited plan was not saved',
    });
  });

  it('returns a plan made while the instance was saved with what it breaks now', async () => {
    const day: StoredInstance = await app.call('instances:save', { instance: generateInstance(100, createRng(8)) });
    app.events.length = 0;
    const planning = app.call('plans:create', { instanceId: day.id, variant: { name: 'tw1' }, method: 'classical', timeLimitSec: 1.5 });
    await waitForProgress();
    await app.call('instances:save', { id: day.id, instance: { ...day.instance, vehicles: 2 } });
    const plan = await planning;
    expect(plan.dataChanged).toBe(true);
    expect(plan.evaluation.violations.some((v) => v.kind === 'fleet')).toBe(true);
  });

  it('exports the plan CSV of a day changed since as out of date, naming the stops no longer in it', async () => {
    const day = await app.call('instances:save', { instance: tinyInstance('shrunk') });
    const plan = await app.call('plans:create', { instanceId: day.id, variant: { name: 'tw1' }, method: 'random', samples: 5 });
    expect((await app.call('plans:export', { id: plan.id, format: 'csv' })).text).not.toContain('out of date');
    await app.call('instances:save', { id: day.id, instance: { ...day.instance, customers: day.instance.customers.slice(1) } });
    const csv: string = (await app.call('plans:export', { id: plan.id, format: 'csv' })).text;
    const departs = csv.split('\n').filter((row) => /^\d+,0,depart,/.test(row));
    expect(departs.length).toBeGreaterThan(0);
    for (const row of departs) expect(row).toContain('out of date: the day was changed after this plan was made');
    expect(csv).toContain("lists 'a', which is not a customer of this instance");
  });

  it('exports the plan CSV as out of date, changes not saved yet, while the day on screen has unsaved changes', async () => {
    const day = await app.call('instances:save', { instance: tinyInstance('unsaved on screen') });
    const plan = await app.call('plans:create', { instanceId: day.id, variant: { name: 'tw1' }, method: 'random', samples: 5 });
    const unsaved = outOfDateNote(true);
    for (const edited of [{}, { routes: plan.routes, instanceId: day.id, variant: { name: 'tw1' as const } }]) {
      const csv: string = (await app.call('plans:export', { id: plan.id, format: 'csv', ...edited, dayUnsaved: true })).text;
      const departs = csv.split('\n').filter((row) => /^\d+,0,depart,/.test(row));
      expect(departs.length).toBeGreaterThan(0);
      for (const row of departs) expect(row).toContain(unsaved);
      expect((await app.call('plans:export', { id: plan.id, format: 'csv', ...edited })).text).not.toContain('out of date');
    }
  });

  it('exports hand edits of a plan whose day was saved with changes since as out of date, as the driver sheets say', async () => {
    const day = await app.call('instances:save', { instance: tinyInstance('edited after a saved change') });
    const plan = await app.call('plans:create', { instanceId: day.id, variant: { name: 'tw1' }, method: 'random', samples: 5 });
    const moved = day.instance.customers.map((c) => (c.id === 'a' ? { ...c, due: 300 } : c));
    await app.call('instances:save', { id: day.id, instance: { ...day.instance, customers: moved } });
    const edited = { routes: [...plan.routes].reverse(), instanceId: day.id, variant: { name: 'tw1' as const } };
    const csv: string = (await app.call('plans:export', { id: plan.id, format: 'csv', ...edited })).text;
    const departs = csv.split('\n').filter((row) => /^\d+,0,depart,/.test(row));
    expect(departs.length).toBeGreaterThan(0);
    for (const row of departs) expect(row).toContain(outOfDateNote());
  });

  it('says in the plan JSON what the plan CSV says of a plan out of date, and nothing of a current one', async () => {
    const day = await app.call('instances:save', { instance: tinyInstance('json out of date') });
    const plan = await app.call('plans:create', { instanceId: day.id, variant: { name: 'tw1' }, method: 'random', samples: 5 });
    const json = async (request: object = {}) =>
      JSON.parse((await app.call('plans:export', { id: plan.id, format: 'json', ...request })).text) as { outOfDate?: string };
    const edited = { routes: plan.routes, instanceId: day.id, variant: { name: 'tw1' as const } };
    expect(await json()).not.toHaveProperty('outOfDate');
    expect(await json(edited)).not.toHaveProperty('outOfDate');
    expect((await json({ dayUnsaved: true })).outOfDate).toBe(outOfDateNote(true));
    expect((await json({ ...edited, dayUnsaved: true })).outOfDate).toBe(outOfDateNote(true));
    await app.call('instances:save', { id: day.id, instance: { ...day.instance, vehicles: 2 } });
    expect((await json()).outOfDate).toBe(outOfDateNote());
    expect((await json(edited)).outOfDate).toBe(outOfDateNote());
  });

  it('marks a plan out of date once a customer it left out is changed, and gives the reason the day gives now', async () => {
    // f lies 100 minutes out and its window closes at 50: no vehicle can reach it, and the plan says so.
    const tiny = tinyInstance('unreachable f');
    const f = { id: 'f', x: 100, y: 0, demand: 5, ready: 0, due: 50, service: 5 };
    const day = await app.call('instances:save', { instance: { ...tiny, customers: [...tiny.customers, f] } });
    const plan = await app.call('plans:create', { instanceId: day.id, variant: { name: 'tw1' }, method: 'random', samples: 5 });
    const reasonFor = (p: StoredPlan) => p.evaluation.violations.find((v) => v.customerId === 'f')?.message;
    expect(reasonFor(plan)).toBe('customer f is not served: no vehicle can reach it before its window closes');
    // The same plan as one stored before plans kept the data they were made on: judged by its figures and reasons.
    const { id: _, createdAt: __, ...same } = plan;
    const before = app.store.plans.insert(same);
    expect((await app.call('plans:get', { id: before.id })).dataChanged).toBeUndefined();
    // Its window now closes at 300: it can be reached, though this plan still leaves it out.
    const widened = day.instance.customers.map((c) => (c.id === 'f' ? { ...c, due: 300 } : c));
    await app.call('instances:save', { id: day.id, instance: { ...day.instance, customers: widened } });
    const reopened = await app.call('plans:get', { id: plan.id });
    expect(reopened.dataChanged).toBe(true);
    expect(reasonFor(reopened)).toMatch(/^customer f is not served: /);
    expect(reasonFor(reopened)).not.toMatch(/reach/);
    const listed = await app.call('plans:list', { instanceId: day.id });
    expect(listed.find((p) => p.id === plan.id)).toMatchObject({ dataChanged: true });
    const stale = await app.call('plans:get', { id: before.id });
    expect(stale.dataChanged).toBe(true);
    expect(reasonFor(stale)).toBe(reasonFor(reopened));
    const csv: string = (await app.call('plans:export', { id: plan.id, format: 'csv' })).text;
    expect(csv).toContain('out of date: the day was changed after this plan was made');
    expect(csv).not.toContain('can reach it');
  });

  it("keeps a plan current when only labels change: the day's name, a customer's name and address, the time display", async () => {
    const day = await app.call('instances:save', { instance: tinyInstance('labels') });
    const plan = await app.call('plans:create', { instanceId: day.id, variant: { name: 'tw1' }, method: 'random', samples: 5 });
    const named = day.instance.customers.map((c) => (c.id === 'a' ? { ...c, name: 'Bakery', address: '1 Main St' } : c));
    const relabelled = { ...day.instance, name: 'labels renamed', customers: named, clockTimes: true };
    await app.call('instances:save', { id: day.id, instance: relabelled });
    expect(await app.call('plans:get', { id: plan.id })).toEqual(plan);
    expect((await app.call('plans:list', { instanceId: day.id }))[0].dataChanged).toBeUndefined();
  });

  it('keeps a plan whose instance was deleted while it was planned, with a copy of the day as planned, and says so', async () => {
    const day = await app.call('instances:save', { instance: { ...generateInstance(100, createRng(9)), name: 'Mittwoch' } });
    app.events.length = 0;
    const planning = app.services.handlers['plans:create']({
      instanceId: day.id,
      variant: { name: 'tw1' },
      method: 'classical',
      timeLimitSec: 1.5,
      basedOn: day.updatedAt,
    });
    await waitForProgress();
    await app.call('instances:delete', { id: day.id });
    const result = await planning;
    const plan = result.ok ? result.value : expect.fail(`the plan was refused: ${result.error.message}`);
    expect(plan.dayDeleted).toBe(
      '“Mittwoch” was deleted in another window while it was being planned: the plan is kept with a copy of the day as it was planned, “Mittwoch (copy)”',
    );
    const copy = await app.call('instances:get', { id: plan.instanceId });
    expect(copy.instance).toEqual({ ...day.instance, name: 'Mittwoch (copy)' });
    // The copy is the day it was planned on: the plan is current there, as stored.
    const { dayDeleted: _said, ...stored } = plan;
    expect(await app.call('plans:get', { id: plan.id })).toEqual(stored);
    expect(stored.dataChanged).toBeUndefined();
  });

  it('stores nothing of a comparison whose instance was saved elsewhere while it ran', async () => {
    const { day, comparing } = await startComparison(10, { timeLimitSec: 1.5 });
    await waitForProgress();
    await new Promise((r) => setTimeout(r, 5));
    await app.call('instances:save', { id: day.id, instance: { ...day.instance, vehicles: day.instance.vehicles - 1 } });
    const result = await comparing;
    expect(result.ok ? null : result.error).toMatchObject({
      kind: 'conflict',
      message: expect.stringMatching(/while it was being compared; nothing was stored/),
    });
    expect(await app.call('plans:list', { instanceId: day.id })).toEqual([]);
  });

  it('says that a comparison cancelled during plan B keeps no plan A either', async () => {
    const { day, comparing } = await startComparison(11, { timeLimitSec: 1, jobId: 'side-b' });
    const onPlanB = () =>
      app.events.some((e) => e.event === 'plan:progress' && /^plan B/.test(String((e.payload as { message?: string }).message)));
    while (!onPlanB()) await new Promise((r) => setTimeout(r, 10));
    await app.call('plans:cancel', { jobId: 'side-b' });
    const result = await comparing;
    expect(result.ok ? null : result.error).toMatchObject({
      kind: 'cancelled',
      message: 'nothing is stored (a comparison is kept whole or not at all)',
    });
    expect(await app.call('plans:list', { instanceId: day.id })).toEqual([]);
  });
});
