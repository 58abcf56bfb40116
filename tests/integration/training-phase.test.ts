import { afterEach, expect, it } from 'vitest';
import { inProcessRunner } from '../../src/main/jobs/in-process.js';
import type { JobRunner } from '../../src/main/jobs/protocol.js';
import { AppError } from '../../src/shared/errors.js';
import { createTestApp, type TestApp } from './fixtures/services.js';
import { tinyInstance } from './fixtures/tiny.js';

let app: TestApp;
afterEach(() => app?.close());

/**
 * A trainer that says what it does before its first step (`phase`), then, once `step` is called, reports a step, and
 * runs until cancelled.
 */
function phasedTrainer(): JobRunner & { step(): void } {
  const inner = inProcessRunner();
  let step = () => {};
  const stepped = new Promise<void>((r) => {
    step = r;
  });
  return {
    inFlight: () => [],
    run: async (job, input, options = {}) => {
      if (job !== 'train') return inner.run(job, input, options);
      const report = options.onProgress as (p: object) => void;
      report({ fraction: 0.1, phase: 'fitting the pair bias on 32 perturbed copies of the days' });
      await stepped;
      report({ fraction: 0.2, point: { instancesSeen: 64, elapsedSec: 3, meanCost: 10, baselineCost: null, validationCost: null } });
      await new Promise((r) => options.signal?.addEventListener('abort', r));
      throw new AppError('cancelled', 'cancelled');
    },
    close: async () => {},
    step: () => step(),
  };
}

it('gives a running run what it is doing in its state, so that a window opened mid-run shows it as the first one does', async () => {
  const trainer = phasedTrainer();
  app = createTestApp(trainer);
  const ids: number[] = [];
  for (let i = 0; i < 2; i++) ids.push((await app.call('instances:save', { instance: tinyInstance(`day-${i}`) })).id);
  const run = await app.call('training:start', {
    variant: 'tw1',
    size: 6,
    instanceIds: ids,
    minutes: 1,
    name: 'phased',
    fromScratch: true,
  });
  while (!app.events.some((e) => e.event === 'training:progress')) await new Promise((r) => setTimeout(r, 5));
  const phase = 'fitting the pair bias on 32 perturbed copies of the days';
  expect((await app.call('training:status', { id: run.id })).phase).toBe(phase);
  expect((await app.call('training:list', {})).find((r) => r.id === run.id)?.phase).toBe(phase);
  // Training steps: it says nothing more than its points.
  trainer.step();
  while (app.events.filter((e) => e.event === 'training:progress').length < 2) await new Promise((r) => setTimeout(r, 5));
  expect((await app.call('training:status', { id: run.id })).phase).toBeUndefined();
  const ended = await app.call('training:cancel', { id: run.id });
  expect(ended.status).toBe('cancelled');
  expect(ended.phase).toBeUndefined();
});
