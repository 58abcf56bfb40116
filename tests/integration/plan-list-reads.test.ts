/**
 * Listing a day's plans reads what the list shows, not the plans themselves: a day planned a hundred times is listed
 * from the stored figures, and only the plans made before the day changed are read and scored again. What each plan
 * breaks is counted when it is stored; a plan stored before those counts were kept is counted from its evaluation.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inProcessRunner } from '../../src/main/jobs/in-process.js';
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
