import { Worker } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import type { Progress } from '../../src/main/jobs/protocol.js';
import { WorkerClient } from '../../src/main/worker-client.js';
import { launchSourceWorker } from '../../src/main/worker-source.js';
import { makeVariant } from '../../src/shared/domain.js';
import { AppError } from '../../src/shared/errors.js';
import { generateInstance } from '../../src/main/vrp/generate.js';
import { createRng } from '../../src/main/vrp/rng.js';
import { tinyInstance } from './fixtures/tiny.js';

const client = new WorkerClient(launchSourceWorker);
afterAll(() => client.close());

describe('the ML worker started from TypeScript source', () => {
  it('plans with the classical solver and reports progress on the way', async () => {
    const progress: Progress[] = [];
    const result = await client.run(
      'plan',
      { instance: tinyInstance(), variant: makeVariant('tw1'), method: 'classical', timeLimitSec: 0.3, seed: 1 },
      { onProgress: (p) => progress.push(p) },
    );
    expect(result.routes.flat().sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(result.modelName).toBeNull();
    expect(progress.at(-1)).toEqual({ fraction: 1, message: 'done' });
  });

  it('cancels a long classical run mid-way: the job fails as cancelled instead of running to its limit', async () => {
    const instance = generateInstance(100, createRng(7));
    const controller = new AbortController();
    const job = client.run(
      'plan',
      { instance, variant: makeVariant('tw3'), method: 'classical', timeLimitSec: 120, seed: 1 },
      // Cancel once the solver is demonstrably computing.
      { signal: controller.signal, onProgress: () => controller.abort() },
    );
    const error = await job.then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe('cancelled');
  });

  it('reports a bad instance as an input error with every problem listed, and keeps serving afterwards', async () => {
    const broken = tinyInstance();
    broken.customers[0] = { ...broken.customers[0], ready: 300, due: 100 };
    const error = await client.run('plan', { instance: broken, variant: makeVariant('tw1'), method: 'random', samples: 5, seed: 1 }).then(
      () => null,
      (err: unknown) => err,
    );
    expect((error as AppError).kind).toBe('input');
    expect((error as AppError).details.join('\n')).toMatch(/ready/);
    // Listed once in its message, as where it was thrown (jampr plan prints the message of the worker's error).
    expect((error as AppError).message.split('\n').slice(1)).toEqual((error as AppError).details.map((d) => `  - ${d}`));
    const again = await client.run('plan', {
      instance: tinyInstance(),
      variant: makeVariant('tw2'),
      method: 'random',
      samples: 5,
      seed: 1,
    });
    expect(again.routes.flat()).toHaveLength(5);
  });
});

describe('a defect inside the worker', () => {
  it("keeps the worker's stack, where it was thrown, for the bug report; an input error carries none", async () => {
    // A job no caller can send (the API and jampr refuse an unknown method): the plan job then fails inside.
    const job = { instance: tinyInstance(), variant: makeVariant('tw1'), method: 'unknown' as 'random', seed: 1 };
    const defect = await client.run('plan', job).then(
      () => null,
      (err: unknown) => err as AppError,
    );
    expect(defect).toMatchObject({ kind: 'internal' });
    // Its first frame is the worker's own code, where the unknown method's routes were read (the plan job's fleet fit).
    expect(defect?.stack).toMatch(/^TypeError: .*\n\s+at .*src\/main\/(jobs\/plan|vrp\/solvers\/fleet-fit)\.ts/);
    expect(defect?.stack).not.toMatch(/worker-client/);
    const broken = tinyInstance();
    broken.customers[0] = { ...broken.customers[0], ready: 300, due: 100 };
    const input = await client.run('plan', { ...job, instance: broken, method: 'random', samples: 5 }).then(
      () => null,
      (err: unknown) => err as AppError,
    );
    expect(input).toMatchObject({ kind: 'input' });
    expect(input?.stack).not.toMatch(/src\/main\/vrp\/validate\.ts/);
  });
});

describe('a worker that dies', () => {
  it('fails the jobs it held with an internal error, and the next job starts a fresh worker', async () => {
    let launches = 0;
    const flaky = new WorkerClient((options) => {
      launches++;
      if (launches === 1) return new Worker('process.exit(3)', { ...options, eval: true });
      return launchSourceWorker(options);
    });
    const lost = await flaky
      .run('plan', { instance: tinyInstance(), variant: makeVariant('tw1'), method: 'random', samples: 5, seed: 1 })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(lost).toMatchObject({ kind: 'internal', message: expect.stringMatching(/exit code 3/) });
    const again = await flaky.run('plan', { instance: tinyInstance(), variant: makeVariant('tw1'), method: 'random', samples: 5, seed: 1 });
    expect(again.routes.flat()).toHaveLength(5);
    expect(launches).toBe(2);
    await flaky.close();
  });
});
