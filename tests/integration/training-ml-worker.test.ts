import { RECIPE_NAMES } from '../../src/main/jampr/train/recipe.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './fixtures/services.js';
import { tinyInstance } from './fixtures/tiny.js';
import { generateInstance } from '../../src/main/vrp/generate.js';
import { createRng } from '../../src/main/vrp/rng.js';

/**
 * The training service with the real ML worker (no stand-in trainer): a run queued behind a plan, and a tiny run
 * cancelled mid-way whose checkpoint becomes a model. The bookkeeping with a stand-in trainer is in training-runs.test.ts
 * and training-models.test.ts.
 */
let app: TestApp;
afterEach(() => app.close());

describe('training in the real ML worker', () => {
  it('records a run still waiting for the worker when the app stops as stopped, with a verdict', async () => {
    app = createTestApp();
    const instanceId = (await app.call('instances:save', { instance: generateInstance(100, createRng(3), 'busy') })).id;
    // A plan of a minute keeps the worker's one thread: the training job waits behind it.
    const plan = app.services.handlers['plans:create']({ instanceId, variant: { name: 'tw3' }, method: 'classical', timeLimitSec: 60 });
    await expect.poll(() => app.events.some((e) => e.event === 'plan:progress'), { timeout: 20_000 }).toBe(true);
    const run = await app.call('training:start', { variant: 'tw1', size: 5, instanceIds: [], minutes: 5, name: 'behind-a-plan' });
    await app.services.shutdown();
    expect(await plan).toMatchObject({ ok: false });
    expect(app.store.trainingRuns.get(run.id)).toMatchObject({
      status: 'stopped',
      error: null,
      modelId: null,
      verdict: 'behind-a-plan was not kept: the run was stopped before its first training step, so it would be the untrained weights.',
    });
  });

  it('starts a tiny run and cancels it mid-way: the checkpoint it saved becomes a model that plans', async () => {
    app = createTestApp();
    const run = await app.call('training:start', { variant: 'tw1', size: 5, instanceIds: [], minutes: 5, name: 'tiny-run' });
    // Cancel once the worker has demonstrably taken a training step (a point with a step's cost: a run stopped before
    // its first step keeps no model), while a step still takes seconds on this CPU.
    const stepped = () =>
      app.events.some(
        (e) => e.event === 'training:progress' && (e.payload as { point?: { meanCost: number | null } }).point?.meanCost != null,
      );
    while (!stepped()) await new Promise((r) => setTimeout(r, 20));
    const cancelled = await app.call('training:cancel', { id: run.id });
    expect(cancelled).toMatchObject({ status: 'cancelled', error: null });
    const model = (await app.call('models:list', {})).find((m) => m.id === cancelled.modelId);
    expect(model?.card).toMatchObject({ name: 'tiny-run', method: 'jampr', variant: 'tw1', size: 5 });
    // A fresh run starts with the imitation warm start and moves on to REINFORCE: either may be in the card.
    expect(RECIPE_NAMES).toContain(model?.card.recipe);
    expect(model?.card.validationCost).toBeGreaterThan(0);
    expect(app.events.at(-1)).toEqual({ event: 'training:finished', payload: { run: cancelled } });

    // The new model plans: greedy, then sampling improved by local search ("JAMPR + LS").
    const { id: instanceId } = await app.call('instances:save', { instance: tinyInstance() });
    const greedy = await app.call('plans:create', { instanceId, variant: { name: 'tw1' }, method: 'jampr', decode: 'greedy' });
    expect(greedy).toMatchObject({ method: 'jampr-greedy', modelName: 'tiny-run' });
    // An untrained model may run out of vehicles: what it leaves out is reported, never silently dropped.
    const unserved = greedy.evaluation.violations.filter((v) => v.kind === 'unserved').map((v) => v.customerId!);
    expect([...greedy.routes.flat(), ...unserved].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(greedy.evaluation.violations.filter((v) => v.kind !== 'unserved')).toEqual([]);
    const improved = await app.call('plans:create', {
      instanceId,
      variant: { name: 'tw1' },
      method: 'jampr',
      decode: 'sample',
      samples: 8,
      seed: 2,
      improveSec: 0.2,
      modelId: model!.id,
    });
    expect(improved).toMatchObject({ method: 'jampr-sample8+ls', modelName: 'tiny-run' });
    // The local search repairs whatever the untrained model left out.
    expect(improved.routes.flat().sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(improved.evaluation.feasible).toBe(true);
  });
});
