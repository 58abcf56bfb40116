/**
 * Lists read what they show, not the days and plans themselves. The days are listed from the figures kept beside each
 * day's JSON (filled in for days stored before). A day planned a hundred times is listed from its plans' stored
 * figures, and only the plans made before the day changed are read and scored again; what each plan breaks is counted
 * when it is stored, and a plan stored before those counts were kept is counted from its evaluation.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inProcessRunner } from '../../src/main/jobs/in-process.js';
import { openDatabase } from '../../src/main/store/db.js';
import { openStore } from '../../src/main/store/index.js';
import { MIGRATIONS } from '../../src/main/store/migrations/index.js';
import type { Instance } from '../../src/shared/domain.js';
import { createTestApp, type TestApp } from './fixtures/services.js';
import { tinyInstance } from './fixtures/tiny.js';

let app: TestApp;
beforeEach(() => {
  app = createTestApp(inProcessRunner());
});
afterEach(async () => {
  await app.close();
});

async function dayWithPlans() {
  const day = await app.call('instances:save', { instance: tinyInstance('monday') });
  const planned = await app.call('plans:create', { instanceId: day.id, variant: { name: 'tw2' }, method: 'random', samples: 5 });
  // Customer e left out by hand, and a route that reaches c late under hard windows.
  const edited = await app.call('plans:saveEdited', {
    instanceId: day.id,
    variant: { name: 'tw1' },
    routes: [['a', 'b', 'd', 'c']],
    fromPlan: planned.id,
  });
  return { day, ids: [edited.id, planned.id] };
}

describe('plans:list on a long history', () => {
  it('reads no plan whose day is as it was planned, and reads and scores again each plan of a day changed since', async () => {
    const { day, ids } = await dayWithPlans();
    const read = vi.spyOn(app.store.plans, 'get');
    const listed = await app.call('plans:list', { instanceId: day.id });
    expect(listed.map((p) => p.id)).toEqual(ids);
    expect(listed.some((p) => p.dataChanged)).toBe(false);
    expect(read, 'no plan read to list a day as it was planned').not.toHaveBeenCalled();

    // c's window closed earlier: both plans are of the day as it was, read and scored again.
    const customers = day.instance.customers.map((c) => (c.id === 'c' ? { ...c, due: 60 } : c));
    await app.call('instances:save', { id: day.id, basedOn: day.updatedAt, instance: { ...day.instance, customers } });
    const changed = await app.call('plans:list', { instanceId: day.id });
    expect(changed.map((p) => p.dataChanged)).toEqual([true, true]);
    expect(read.mock.calls.map(([id]) => id).sort()).toEqual([...ids].sort());
  });

  it('lists what each plan breaks as its evaluation says, for plans stored before the counts were kept too', async () => {
    const { day, ids } = await dayWithPlans();
    const counts = (list: { id: number; broken: number; unserved: number }[]) =>
      list.map(({ id, broken, unserved }) => ({ id, broken, unserved }));
    const fromEvaluations = ids.map((id) => {
      const { evaluation } = app.store.plans.get(id)!;
      const unserved = evaluation.violations.filter((v) => v.kind === 'unserved').length;
      return { id, broken: evaluation.violations.length - unserved, unserved };
    });
    expect(fromEvaluations[0].unserved, 'the edited plan leaves e out').toBe(1);
    expect(fromEvaluations[0].broken, 'and reaches c late').toBeGreaterThan(0);
    expect(counts(await app.call('plans:list', { instanceId: day.id }))).toEqual(fromEvaluations);

    // As a plan stored by a version before the counts reads: the columns empty.
    app.store.db.exec('UPDATE plans SET broken = NULL, unserved = NULL');
    expect(counts(await app.call('plans:list', { instanceId: day.id }))).toEqual(fromEvaluations);
  });
});

/** A day given as lat/lon with clock times: the figures the history reads its units from. */
const cityDay = (name: string): Instance => ({
  ...tinyInstance(name),
  depot: { id: 'D', x: 13.4, y: 52.5, ready: 420, due: 1080 },
  customers: tinyInstance().customers.map((c, i) => ({ ...c, x: 13.4 + i / 100, y: 52.5, ready: 420, due: 1000 })),
  coordinates: { kind: 'geo', speedKmh: 30 },
  clockTimes: true,
});
const listed = { customers: 5, vehicles: 3, capacity: 30, coordinates: { kind: 'geo', speedKmh: 30 }, clockTimes: true };

describe('instances:list on a long history', () => {
  it('lists each day from the figures kept beside it, without reading its JSON', async () => {
    const day = await app.call('instances:save', { instance: cityDay('tuesday') });
    const planar = await app.call('instances:save', { instance: tinyInstance('wednesday') });
    // What a list that read the days' JSON would no longer find.
    app.store.db.exec(`UPDATE instances SET json = '{}'`);
    const days = await app.call('instances:list', {});
    expect(days.find((d) => d.id === day.id)).toMatchObject(listed);
    const plain = days.find((d) => d.id === planar.id)!;
    expect(plain).toMatchObject({ customers: 5, vehicles: 3, capacity: 30 });
    expect('coordinates' in plain || 'clockTimes' in plain).toBe(false);
  });

  it('fills in the figures of days stored before they were kept', () => {
    const path = join(app.dir, 'before.sqlite');
    const old = openDatabase(
      path,
      MIGRATIONS.filter((m) => m.version < 110),
    );
    old
      .prepare(
        "INSERT INTO instances (name, json, source, created_at, updated_at) VALUES ('thursday', ?, NULL, '2026-01-01', '2026-01-01')",
      )
      .run(JSON.stringify(cityDay('thursday')));
    old.close();
    const store = openStore(path);
    expect(store.instances.list()).toEqual([expect.objectContaining({ name: 'thursday', ...listed, plans: 0 })]);
    store.close();
  });
});
