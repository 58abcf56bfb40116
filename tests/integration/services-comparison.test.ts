import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffPlans } from '../../src/main/services/compare.js';
import type { StoredInstance, StoredPlan } from '../../src/shared/api.js';
import { createTinyApp, type TestApp } from './fixtures/services.js';

let app: TestApp;
let tiny: StoredInstance;
beforeAll(async () => {
  ({ app, tiny } = await createTinyApp());
});
afterAll(() => app.close());

describe('comparison', () => {
  it('plans the instance under tw1 and tw3 and diffs them per KPI and per customer', async () => {
    const tight = await app.call('instances:save', {
      instance: {
        ...tiny.instance,
        name: 'tight',
        customers: tiny.instance.customers.map((c, i) => ({ ...c, ready: 15 + 25 * i, due: 25 + 25 * i })),
      },
    });
    const comparison = await app.call('compare:variants', {
      instanceId: tight.id,
      a: { name: 'tw1' },
      b: { name: 'tw3' },
      method: 'classical',
      timeLimitSec: 0.2,
    });
    const { a, b, delta, customers } = comparison;
    expect([a.variant.name, b.variant.name]).toEqual(['tw1', 'tw3']);
    expect(delta.cost).toBeCloseTo(b.evaluation.cost - a.evaluation.cost, 9);
    expect(delta.late).toBeCloseTo(b.evaluation.late - a.evaluation.late, 9);
    const lateInB = b.evaluation.routes
      .flatMap((r) => r.stops)
      .filter((s) => s.late > 1e-9)
      .map((s) => s.customerId);
    for (const id of lateInB) expect(customers.find((c) => c.customerId === id)?.lateB).toBeGreaterThan(0);
    const earlyInA = a.evaluation.routes
      .flatMap((r) => r.stops)
      .filter((s) => s.early > 1e-9)
      .map((s) => s.customerId);
    for (const id of earlyInA) expect(customers.find((c) => c.customerId === id)?.earlyA).toBeGreaterThan(0);
    expect(customers.length).toBeGreaterThan(0);
    expect(customers.length).toBe(new Set([...lateInB, ...earlyInA, ...customers.map((c) => c.customerId)]).size);
    expect((await app.call('plans:list', { instanceId: tight.id })).map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
    // Each side names the other, in the answer, the history list and a reopened plan; a plain run names none.
    expect([a.comparedWith, b.comparedWith]).toEqual([b.id, a.id]);
    const listed = await app.call('plans:list', { instanceId: tight.id });
    expect(Object.fromEntries(listed.map((p) => [p.id, p.comparedWith]))).toEqual({ [a.id]: b.id, [b.id]: a.id });
    expect((await app.call('plans:get', { id: b.id })).comparedWith).toBe(a.id);
    const plain = await app.call('plans:create', {
      instanceId: tight.id,
      variant: { name: 'tw1' },
      method: 'classical',
      timeLimitSec: 0.1,
    });
    expect((await app.call('plans:list', { instanceId: tight.id })).find((p) => p.id === plain.id)?.comparedWith).toBeUndefined();
  });

  it("reads the day's latest comparison back from its stored plans, A as planned first, without planning again", async () => {
    const day = await app.call('instances:save', { instance: { ...tiny.instance, name: 'compared twice' } });
    expect(await app.call('compare:latest', { instanceId: day.id }), 'a day never compared has none').toBeNull();
    const request = { instanceId: day.id, method: 'random', samples: 1, seed: 3 } as const;
    await app.call('compare:variants', { ...request, a: { name: 'tw1' }, b: { name: 'tw3' } });
    const made = await app.call('compare:variants', { ...request, a: { name: 'tw3' }, b: { name: 'tw2' } });
    const planned = (await app.call('plans:list', { instanceId: day.id })).length;
    const latest = await app.call('compare:latest', { instanceId: day.id });
    expect([latest?.a.id, latest?.b.id]).toEqual([made.a.id, made.b.id]);
    expect([latest?.a.variant.name, latest?.b.variant.name]).toEqual(['tw3', 'tw2']);
    expect(latest?.delta).toEqual(made.delta);
    expect(latest?.customers).toEqual(made.customers);
    expect((await app.call('plans:list', { instanceId: day.id })).length, 'nothing planned').toBe(planned);
    // One side deleted in the history: that comparison is no longer whole, the one before it is the latest.
    await app.call('plans:delete', { id: made.b.id });
    expect((await app.call('compare:latest', { instanceId: day.id }))?.a.variant.name).toBe('tw1');
    await app.call('instances:delete', { id: day.id });
  });

  it('lists a customer one plan leaves out as not served in that plan, even where the other serves it on time', async () => {
    const served = (id: string) => ({
      customerId: id,
      arrival: 0,
      wait: 0,
      start: 0,
      departure: 0,
      early: 0,
      late: 0,
      load: 0,
      penalty: 0,
    });
    const plan = (ids: string[], unserved: string[]) =>
      ({
        evaluation: {
          routes: [{ stops: ids.map(served) }],
          violations: unserved.map((id) => ({ kind: 'unserved', customerId: id, message: '' })),
        },
      }) as unknown as StoredPlan;
    const { customers } = diffPlans(plan(['c2', 'c10', 'c1'], []), plan(['c2', 'c1'], ['c10']));
    expect(customers).toEqual([{ customerId: 'c10', servedA: true, servedB: false, lateA: 0, lateB: 0, earlyA: 0, earlyB: 0 }]);
  });
});

describe('comparison request', () => {
  it('plans each side with exactly the request the Plan view sends (samples and seed included)', async () => {
    const request = { instanceId: tiny.id, method: 'random', samples: 1, seed: 7 } as const;
    const alone = await app.call('plans:create', { ...request, variant: { name: 'tw3' } });
    const { b } = await app.call('compare:variants', { ...request, a: { name: 'tw1' }, b: { name: 'tw3' } });
    expect(b.routes).toEqual(alone.routes);
    expect(b.evaluation.cost).toBe(alone.evaluation.cost);
    const otherSeed = await app.call('plans:create', { ...request, seed: 8, variant: { name: 'tw3' } });
    expect(otherSeed.routes, 'the seed matters, so the equality above is not a coincidence').not.toEqual(alone.routes);
  });
});
