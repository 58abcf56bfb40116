import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inProcessRunner } from '../../src/main/jobs/in-process.js';
import { registerModel } from '../../src/main/services/models.js';
import { MIN_TRAINING_MINUTES } from '../../src/shared/limits.js';
import { createRng } from '../../src/main/vrp/rng.js';
import { createTestApp, type TestApp } from './fixtures/services.js';
import { saveTinyModel, tinyInstance } from '../unit/jampr/fixtures.js';

let app: TestApp;
afterEach(() => app?.close());

describe('judging a retrained model day by day', () => {
  it('compares each held-out day with the plan the app makes of it today, by the model the size rule picks for that day', async () => {
    app = createTestApp(inProcessRunner());
    // Two trained sizes, none active: a day is planned by the model nearest its size (plans:create's rule).
    registerModel(app.store, await saveTinyModel(join(app.dir, 'n6'), 'jampr', 'tw1', 6), false);
    registerModel(app.store, await saveTinyModel(join(app.dir, 'n20'), 'jampr', 'tw1', 20), false);
    const rng = createRng(11);
    // Four days: the first is learnt from, the last three held out; the last has 18 stops, which the N=20 model plans.
    const days = [tinyInstance(6, rng), tinyInstance(6, rng), tinyInstance(6, rng), tinyInstance(18, rng)];
    const ids: number[] = [];
    for (const [i, day] of days.entries()) ids.push((await app.call('instances:save', { instance: { ...day, name: `day-${i}` } })).id);
    // What the Plan view plans of each held-out day today, with no model chosen.
    const today = [];
    for (const instanceId of ids.slice(1))
      today.push(await app.call('plans:create', { instanceId, variant: { name: 'tw1' }, method: 'jampr', decode: 'greedy' }));
    expect(today.map((p) => p.modelName)).toEqual(['jampr-tw1-n6', 'jampr-tw1-n6', 'jampr-tw1-n20']);

    // A size-6 run starts from the N=6 model; stopped after its first step, its model is still judged.
    const run = await app.call('training:start', {
      variant: 'tw1',
      size: 6,
      instanceIds: ids,
      minutes: MIN_TRAINING_MINUTES,
      name: 'judged',
    });
    const stepped = () =>
      app.events.some(
        (e) => e.event === 'training:progress' && (e.payload as { point?: { meanCost: number | null } }).point?.meanCost != null,
      );
    while (!stepped()) await new Promise((r) => setTimeout(r, 20));
    const ended = await app.call('training:cancel', { id: run.id });
    const against = ended.verdict?.match(
      /: [\d,.]+(?: \(\d+ customers? not served\))? against ([\d,.]+)(?: \((\d+) customers? not served\))? for ([^;]+?), day by day /,
    );
    expect(against, ended.verdict ?? '').not.toBeNull();
    expect(against![3]).toBe('jampr-tw1-n6 on 2 days, jampr-tw1-n20 on 1, each day with the model that plans it today');
    // The figure is the mean of the Plan view's costs of those days, and their customers not served.
    const mean = today.reduce((sum, p) => sum + p.evaluation.cost, 0) / today.length;
    expect(Number(against![1].replace(/,/g, ''))).toBeCloseTo(mean, 1);
    const unserved = today.reduce((sum, p) => sum + p.evaluation.violations.filter((v) => v.kind === 'unserved').length, 0);
    expect(Number(against![2] ?? 0)).toBe(unserved);
  }, 180_000);
});
