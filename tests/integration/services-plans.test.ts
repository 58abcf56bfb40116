import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInstance, generateInstances } from '../../src/main/vrp/generate.js';
import { cutShortNote } from '../../src/shared/methods.js';
import { createRng } from '../../src/main/vrp/rng.js';
import type { StoredInstance } from '../../src/shared/api.js';
import { createTinyApp, type TestApp } from './fixtures/services.js';

let app: TestApp;
let tiny: StoredInstance;
beforeAll(async () => {
  ({ app, tiny } = await createTinyApp());
});
afterAll(() => app.close());

describe('plans', () => {
  it('plans with the classical solver, stores the plan and reloads it identically', async () => {
    app.events.length = 0;
    const plan = await app.call('plans:create', {
      instanceId: tiny.id,
      variant: { name: 'tw1' },
      method: 'classical',
      timeLimitSec: 0.2,
      seed: 3,
    });
    expect(plan.evaluation.feasible).toBe(true);
    expect(plan.routes.flat().sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(plan.variant).toEqual({ name: 'tw1', alpha: 1, penalty: 'linear' });
    expect(app.events.some((e) => e.event === 'plan:progress')).toBe(true);
    const list = await app.call('plans:list', { instanceId: tiny.id });
    expect(list[0]).toMatchObject({ id: plan.id, method: 'classical', cost: plan.evaluation.cost, feasible: true, effort: 0.2 });
    // The seconds it was given are kept, so that opening the plan sets the controls to plan it again alike.
    expect(plan.effort).toBe(0.2);
    expect(await app.call('plans:get', { id: plan.id })).toEqual(plan);
  });

  it('says, in the plan and in its last event, when the time limit ended before the search could improve the plan', async () => {
    // 1,000 stops in 0.1 s: the construction alone takes longer, and the local search never gets to improve its plan.
    const large = await app.call('instances:save', { instance: generateInstances(1000, 1, 1)[0] });
    app.events.length = 0;
    const request = { instanceId: large.id, variant: { name: 'tw2' }, method: 'classical', timeLimitSec: 0.1, jobId: 'short' } as const;
    const plan = await app.call('plans:create', request);
    expect(plan.cutShort).toBe(true);
    expect((await app.call('plans:get', { id: plan.id })).cutShort).toBe(true);
    expect((await app.call('plans:list', { instanceId: large.id }))[0].cutShort).toBe(true);
    const note =
      "the time limit of 0.1 s ended before the search could improve the plan as far as it goes: the plan is little better than the construction's first one; plan again with a longer time limit";
    expect(cutShortNote(plan.method, { limitSec: plan.effort })).toBe(note);
    const last = app.events.filter((e) => e.event === 'plan:progress').at(-1)?.payload;
    expect(last).toEqual({ fraction: 1, message: note, jobId: 'short' });
    // Five stops in the same time: the search reaches its local optimum, and nothing is said.
    const small = await app.call('plans:create', { ...request, instanceId: tiny.id });
    expect(small.cutShort).toBeUndefined();
    expect(app.events.filter((e) => e.event === 'plan:progress').at(-1)?.payload).toMatchObject({ message: 'done' });
  });

  it('reopens a plan whose instance was edited since with the figures of the data as it is now, and says so', async () => {
    const own = await app.call('instances:save', { instance: { ...tiny.instance, name: 'edited after planning' } });
    const plan = await app.call('plans:create', {
      instanceId: own.id,
      variant: { name: 'tw1' },
      method: 'classical',
      timeLimitSec: 0.2,
      seed: 3,
    });
    // A rename changes no figure: the plan is as it was stored.
    await app.call('instances:save', { id: own.id, instance: { ...own.instance, name: 'renamed' } });
    expect(await app.call('plans:get', { id: plan.id })).toEqual(plan);
    expect((await app.call('plans:list', { instanceId: own.id }))[0].dataChanged).toBeUndefined();
    // A smaller order changes no cost under hard windows, but the load on board the driver sheet tells: changed.
    const served = plan.routes.flat()[0];
    const smaller = own.instance.customers.map((c) => (c.id === served ? { ...c, demand: c.demand - 1 } : c));
    await app.call('instances:save', { id: own.id, instance: { ...own.instance, name: 'renamed', customers: smaller } });
    const lighter = await app.call('plans:get', { id: plan.id });
    expect(lighter.evaluation.cost).toBeCloseTo(plan.evaluation.cost, 9);
    expect(lighter.dataChanged).toBe(true);
    const loadOf = (e: typeof plan.evaluation) => e.routes.find((r) => r.stops.some((st) => st.customerId === served))!.load;
    expect(loadOf(lighter.evaluation)).toBe(loadOf(plan.evaluation) - 1);
    // Customer a's window now closes before anyone can reach it: the stored plan breaks the hard rule.
    const customers = own.instance.customers.map((c) => (c.id === 'a' ? { ...c, ready: 0, due: 0 } : c));
    await app.call('instances:save', { id: own.id, instance: { ...own.instance, name: 'renamed', customers } });
    const reopened = await app.call('plans:get', { id: plan.id });
    expect(reopened.dataChanged).toBe(true);
    expect(reopened.plannedCost).toBe(plan.evaluation.cost);
    expect(reopened.routes).toEqual(plan.routes);
    expect(reopened.evaluation.feasible).toBe(false);
    expect(reopened.evaluation.violations.some((v) => v.customerId === 'a')).toBe(true);
    // The history list says the same as the reopened plan.
    expect((await app.call('plans:list', { instanceId: own.id }))[0]).toMatchObject({
      id: plan.id,
      dataChanged: true,
      feasible: false,
      cost: reopened.evaluation.cost,
      plannedCost: plan.evaluation.cost,
    });
    const exported = JSON.parse((await app.call('plans:export', { id: plan.id, format: 'json' })).text);
    expect(exported.cost).toBe(reopened.evaluation.cost);
    // A customer added since: the plan never knew it, and says so rather than blaming the fleet.
    const added = { ...customers[1], id: 'z', x: customers[1].x + 1 };
    await app.call('instances:save', { id: own.id, instance: { ...own.instance, name: 'renamed', customers: [...customers, added] } });
    const withNew = await app.call('plans:get', { id: plan.id });
    expect(withNew.evaluation.violations.find((v) => v.customerId === 'z')?.message).toBe(
      'customer z is not served: it was added after this plan was made (plan again to include it)',
    );
    // Hand edits of that plan say the same; routes checked on their own know of no plan to compare with.
    const edited = { instanceId: own.id, variant: plan.variant, routes: plan.routes };
    const reason = async (request: object) =>
      (await app.call('plans:check', request as typeof edited)).violations.find((v) => v.customerId === 'z')?.message;
    expect(await reason({ ...edited, fromPlan: plan.id })).toBe(withNew.evaluation.violations.find((v) => v.customerId === 'z')?.message);
    expect(await reason(edited)).not.toMatch(/added after/);
    const editedJson = (await app.call('plans:export', { id: plan.id, format: 'json', routes: plan.routes })).text;
    expect(editedJson).toContain('it was added after this plan was made');
    // A customer taken off its route by hand is said to be, in the check and in the plan the edit is saved as.
    const [first, ...rest] = plan.routes[0];
    const takenOff = { ...edited, routes: [rest, ...plan.routes.slice(1)], fromPlan: plan.id };
    const message = (e: { violations: { customerId?: string; message: string }[] }) =>
      e.violations.find((v) => v.customerId === first)?.message;
    expect(message(await app.call('plans:check', takenOff))).toBe(`customer ${first} is not served: it was taken off its route by hand`);
    const savedEdit = await app.call('plans:saveEdited', takenOff);
    expect(message(savedEdit.evaluation)).toBe(`customer ${first} is not served: it was taken off its route by hand`);
    // Edited again from the saved edit (another stop off): the first stays taken off by hand.
    const [, ...fewer] = savedEdit.routes[0];
    const again = { ...edited, routes: [fewer, ...savedEdit.routes.slice(1)], fromPlan: savedEdit.id };
    expect(message(await app.call('plans:check', again))).toBe(`customer ${first} is not served: it was taken off its route by hand`);
    // The history counts what each plan breaks: customers left out apart from the rules (the stored list and a
    // plan checked again on today's data alike). The edit leaves out z and the customer taken off, and still
    // reaches a after its window (closed at 0 above).
    const listed = await app.call('plans:list', { instanceId: own.id });
    expect(listed.find((p) => p.id === savedEdit.id)).toMatchObject({ unserved: 2, broken: 1, editedFrom: plan.id });
    // Which plan an edit was made on is kept, for the history to name; a plan made by a method has none.
    expect((await app.call('plans:get', { id: savedEdit.id })).editedFrom).toBe(plan.id);
    expect(listed.find((p) => p.id === plan.id)?.editedFrom).toBeUndefined();
    expect(listed.find((p) => p.id === plan.id)).toMatchObject({ dataChanged: true, unserved: 1 });
  });

  it('refuses a request field its method does not read, naming the methods that do, and plans nothing', async () => {
    const before = await app.call('plans:list', { instanceId: tiny.id });
    expect(
      await app.fail('plans:create', { instanceId: tiny.id, variant: { name: 'tw1' }, method: 'classical', samples: 64 }),
    ).toMatchObject({
      kind: 'input',
      message: 'the classical method does not read samples (read by jampr, am, random)',
    });
    expect(
      await app.fail('plans:create', { instanceId: tiny.id, variant: { name: 'tw1' }, method: 'jampr', timeLimitSec: 5, decode: 'greedy' }),
    ).toMatchObject({
      kind: 'input',
      message: expect.stringMatching(/jampr method does not read timeLimitSec \(read by classical, random\)/),
    });
    // A misspelled field, a lateness price under hard windows, a sample count with greedy decoding: refused, not
    // dropped (they ran the default 5 s, priced nothing, and drew no samples).
    const plan = { instanceId: tiny.id, variant: { name: 'tw1' }, method: 'classical' } as const;
    expect(await app.fail('plans:create', { ...plan, timeLimit: 0.5 } as never)).toMatchObject({
      kind: 'input',
      details: [expect.stringMatching(/timeLimit/)],
    });
    expect((await app.fail('plans:create', { ...plan, variant: { name: 'tw1', beta: 2 } })).details).toEqual([
      expect.stringMatching(/beta prices lateness, which hard windows \(tw1\) do not allow/),
    ]);
    expect(await app.fail('plans:create', { ...plan, method: 'jampr', decode: 'greedy', samples: 4 })).toMatchObject({
      kind: 'input',
      message: 'samples needs decode sample (greedy decoding draws no samples)',
    });
    expect(await app.call('plans:list', { instanceId: tiny.id })).toEqual(before);
  });

  it('checks a hand-edited plan: broken rules come back as violations, not errors', async () => {
    const routes = [['a', 'b', 'c', 'd', 'e']]; // 50 units on a vehicle of 30
    const evaluation = await app.call('plans:check', { instanceId: tiny.id, variant: { name: 'tw1' }, routes });
    expect(evaluation.feasible).toBe(false);
    expect(evaluation.violations.map((v) => v.kind)).toContain('capacity');
    const withUnknown = await app.call('plans:check', {
      instanceId: tiny.id,
      variant: { name: 'tw3' },
      routes: [
        ['a', 'zz'],
        ['b', 'c', 'd', 'e'],
      ],
    });
    expect(withUnknown.violations.map((v) => v.kind)).toContain('unknown-customer');
    // A route emptied by hand keeps its place (the routes keep the numbers printed before the save); empty ones at
    // the end are dropped.
    const saved = await app.call('plans:saveEdited', { instanceId: tiny.id, variant: { name: 'tw1' }, routes: [[], ...routes, []] });
    expect(saved).toMatchObject({ method: 'manual', routes: [[], ...routes], evaluation: { feasible: false } });
    expect(saved.evaluation.violations.find((v) => v.kind === 'capacity')?.route).toBe(1);
    expect(saved.evaluation.vehicles).toBe(routes.length);
    // A customer the instance never had is refused, not silently left out (deletions: api-request-rules.test.ts).
    const unknown = await app.fail('plans:saveEdited', { instanceId: tiny.id, variant: { name: 'tw1' }, routes: [...routes, ['zz']] });
    expect(unknown).toMatchObject({ kind: 'input', message: expect.stringMatching(/customer zz: .* has no such customer/) });
    const twice = await app.fail('plans:saveEdited', { instanceId: tiny.id, variant: { name: 'tw1' }, routes: [...routes, ['a']] });
    expect(twice).toMatchObject({ kind: 'input', message: 'the edited plan visits a more than once' });
  });

  it("exports a hand-edited plan's broken rules in its JSON, as the evaluator and `jampr eval` report them", async () => {
    const routes = [['a', 'b', 'c', 'd', 'e']]; // 50 units on a vehicle of 30
    const variant = { name: 'tw1' } as const;
    const checked = await app.call('plans:check', { instanceId: tiny.id, variant, routes });
    // As the evaluator words it (the figures its message ends with are not written twice).
    const { figures: _figures, ...overload } = checked.violations.find((v) => v.kind === 'capacity')!;
    const saved = await app.call('plans:saveEdited', { instanceId: tiny.id, variant, routes });
    // Saved, and on screen not saved yet (edits of a feasible plan): the same file says what the routes break.
    const planned = await app.call('plans:create', { instanceId: tiny.id, variant, method: 'random', samples: 4, seed: 1 });
    for (const request of [
      { id: saved.id, format: 'json' as const },
      { id: planned.id, format: 'json' as const, routes },
    ]) {
      const json = JSON.parse((await app.call('plans:export', request)).text);
      expect(json.feasible).toBe(false);
      expect(json.violations).toContainEqual({ ...overload, route: 0 });
      expect(json.violations).toHaveLength(checked.violations.length);
    }
    const feasible = JSON.parse((await app.call('plans:export', { id: planned.id, format: 'json' })).text);
    expect(feasible).toMatchObject({ feasible: planned.evaluation.feasible, violations: [] });
    expect(planned.evaluation.feasible).toBe(true);
    for (const id of [saved.id, planned.id]) await app.call('plans:delete', { id });
  });

  it('plans with random sampling and exports the plan as CSV and JSON', async () => {
    const plan = await app.call('plans:create', {
      instanceId: tiny.id,
      variant: { name: 'tw2', beta: 2 },
      method: 'random',
      samples: 20,
      seed: 1,
    });
    expect(plan.variant).toMatchObject({ name: 'tw2', beta: 2 });
    const csv = await app.call('plans:export', { id: plan.id, format: 'csv' });
    expect(csv.text.split('\n')[0]).toMatch(/^route,stop,kind,id,name,address,x,y,arrival/);
    // The header, then per route used a departure row, its stops and a return row.
    const used = plan.routes.filter((r) => r.length > 0).length;
    expect(csv.text.trim().split('\n')).toHaveLength(1 + 5 + 2 * used);
    const json = JSON.parse((await app.call('plans:export', { id: plan.id, format: 'json' })).text);
    expect(json).toMatchObject({ instance: 'tiny', variant: 'tw2', method: 'random', routes: plan.routes, cost: plan.evaluation.cost });
    // Routes edited on screen and not saved yet: exported as a hand edit, not as the solver's work.
    const edited = [plan.routes.flat()];
    const file = await app.call('plans:export', { id: plan.id, format: 'json', routes: edited });
    expect(file.fileName).toMatch(/-random-\d+-edited\.json$/);
    expect(JSON.parse(file.text)).toMatchObject({ method: 'manual', routes: edited, seconds: 0 });
  });

  it("names the decimal-comma plan CSV apart from the standard one, so that neither replaces the other's download", async () => {
    const plan = await app.call('plans:create', { instanceId: tiny.id, variant: { name: 'tw1' }, method: 'random', samples: 4, seed: 1 });
    const names = await Promise.all(
      (['csv', 'csv-decimal-comma', 'json'] as const).map(
        async (format) => (await app.call('plans:export', { id: plan.id, format })).fileName,
      ),
    );
    expect(names[0]).toMatch(/^tiny-tw1-random-\d+\.csv$/);
    expect(names[1]).toBe(names[0].replace(/\.csv$/, '-decimal-comma.csv'));
    expect(names[2]).toBe(names[0].replace(/\.csv$/, '.json'));
  });

  it('cancels a long plan in progress: the call fails as cancelled and nothing is stored', async () => {
    const big = await app.call('instances:save', { instance: generateInstance(100, createRng(5)) });
    app.events.length = 0;
    const planning = app.services.handlers['plans:create']({
      instanceId: big.id,
      variant: { name: 'tw3' },
      method: 'classical',
      timeLimitSec: 120,
    });
    while (!app.events.some((e) => e.event === 'plan:progress')) await new Promise((r) => setTimeout(r, 10));
    expect(await app.call('plans:cancel', {})).toEqual({ cancelled: true });
    const result = await planning;
    expect(result.ok ? 'planned' : result.error.kind).toBe('cancelled');
    expect(await app.call('plans:list', { instanceId: big.id })).toEqual([]);
  });

  it('cancels only the run named by its job id, and tags progress with it, so two windows keep their own', async () => {
    const big = await app.call('instances:save', { instance: generateInstance(100, createRng(6)) });
    app.events.length = 0;
    const request = { instanceId: big.id, variant: { name: 'tw3' }, method: 'classical', timeLimitSec: 2 } as const;
    const mine = app.services.handlers['plans:create']({ ...request, timeLimitSec: 120, jobId: 'window-a' });
    const theirs = app.services.handlers['plans:create']({ ...request, jobId: 'window-b' });
    const progressOf = (jobId: string) =>
      app.events.some((e) => e.event === 'plan:progress' && (e.payload as { jobId?: string }).jobId === jobId);
    while (!progressOf('window-a')) await new Promise((r) => setTimeout(r, 10));
    expect(await app.call('plans:cancel', { jobId: 'window-a' })).toEqual({ cancelled: true });
    expect(await app.call('plans:cancel', { jobId: 'no-such-run' })).toEqual({ cancelled: false });
    const [a, b] = await Promise.all([mine, theirs]);
    expect(a.ok ? 'planned' : a.error.kind).toBe('cancelled');
    expect(b.ok).toBe(true);
    expect(progressOf('window-b')).toBe(true);
    expect((await app.call('plans:list', { instanceId: big.id })).length).toBe(1);
  });

  it('deleting an instance deletes its plans', async () => {
    const other = await app.call('instances:save', { instance: { ...tiny.instance, name: 'to delete' } });
    const plan = await app.call('plans:create', { instanceId: other.id, variant: { name: 'tw3' }, method: 'random', samples: 5 });
    expect(await app.call('instances:delete', { id: other.id })).toEqual({ deleted: true, plans: 1 });
    // Deleted with its day: gone since it was shown, not an id that never was.
    expect((await app.fail('plans:get', { id: plan.id })).kind).toBe('conflict');
  });
});
