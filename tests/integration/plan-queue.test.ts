import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { MAX_PLANS_IN_FLIGHT } from '../../src/main/services/planning.js';
import { generateInstance, generateInstances } from '../../src/main/vrp/generate.js';
import { createRng } from '../../src/main/vrp/rng.js';
import { createTestApp, type TestApp } from './fixtures/services.js';

let app: TestApp;
let instanceId: number;

beforeAll(async () => {
  app = createTestApp();
  instanceId = (await app.call('instances:save', { instance: generateInstance(100, createRng(3), 'queue') })).id;
});
afterAll(() => app.close());

describe('plans waiting for the worker', () => {
  it('answers busy beyond the bound, and one cancel stops the running plan and every queued one', async () => {
    const request = { instanceId, variant: { name: 'tw3' as const }, method: 'classical' as const, timeLimitSec: 60 };
    const firstProgress = new Promise<void>((resolve) => {
      const poll = setInterval(() => {
        if (app.events.some((e) => e.event === 'plan:progress')) resolve(clearInterval(poll));
      }, 10);
    });
    const plans = Array.from({ length: MAX_PLANS_IN_FLIGHT }, () => app.services.handlers['plans:create'](request));
    const overflow = await app.services.handlers['plans:create'](request);
    expect(overflow).toMatchObject({ ok: false, error: { kind: 'busy' } });

    await firstProgress;
    const started = Date.now();
    expect(await app.call('plans:cancel', {})).toEqual({ cancelled: true });
    const results = await Promise.all(plans);
    // Each plan alone would run for its 60 s limit: all of them ending at once shows the cancel reached the queue.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(results.map((r) => (r.ok ? 'stored' : r.error.kind))).toEqual(plans.map(() => 'cancelled'));
    expect(await app.call('plans:list', { instanceId })).toEqual([]);
  });
});

describe('a plan whose caller went away', () => {
  it('is cancelled when its tab or window goes, and a plan behind it is told it waits, then runs', async () => {
    // A worker of its own: the plans cancelled above still count as in flight until the worker has answered them.
    const app = createTestApp();
    onTestFinished(() => app.close());
    const instanceId = (await app.call('instances:save', { instance: generateInstance(100, createRng(3), 'queue') })).id;
    const request = { instanceId, variant: { name: 'tw3' as const }, method: 'classical' as const };
    const gone = new AbortController();
    const abandoned = app.services.handlers['plans:create']({ ...request, timeLimitSec: 60, jobId: 'closed-tab' }, { gone: gone.signal });
    const progressOf = (jobId: string) =>
      app.events.filter((e) => e.event === 'plan:progress' && (e.payload as { jobId?: string }).jobId === jobId);
    await expect.poll(() => progressOf('closed-tab').length, { timeout: 20_000 }).toBeGreaterThan(0);

    const next = app.services.handlers['plans:create']({ ...request, timeLimitSec: 0.2, jobId: 'next-tab' });
    await expect.poll(() => progressOf('next-tab').length).toBeGreaterThan(0);
    expect((progressOf('next-tab')[0].payload as { message: string }).message).toBe('waiting for another plan to finish first');

    const started = Date.now();
    gone.abort();
    expect(await abandoned).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(await next).toMatchObject({ ok: true });
    // The abandoned plan had 60 s to run: the one behind it finishing long before shows the worker was freed.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await app.call('plans:list', { instanceId })).length).toBe(1);
  });
});

describe('the random baseline on a day of 1,000 stops for a fleet of 40', () => {
  // One random plan of it has some 150 routes: fitting them to 40 took minutes, however few plans were asked for.
  const tight = () => ({ ...generateInstances(1000, 1, 1)[0], name: 'tight fleet', vehicles: 40 });
  const messagesOf = (app: TestApp, jobId: string) =>
    app.events
      .filter((e) => e.event === 'plan:progress' && (e.payload as { jobId?: string }).jobId === jobId)
      .map((e) => (e.payload as { message: string }).message);

  it('draws within its time limit, keeps the best drawn so far and says so; its plan fits the fleet', async () => {
    const app = createTestApp();
    onTestFinished(() => app.close());
    const { id } = await app.call('instances:save', { instance: tight() });
    const request = { instanceId: id, variant: { name: 'tw1' }, method: 'random', samples: 1000, timeLimitSec: 0.5, jobId: 'r' } as const;
    const plan = await app.call('plans:create', request);
    expect(plan.evaluation.vehicles).toBeLessThanOrEqual(40);
    expect(plan.cutShort).toBe(true);
    expect(messagesOf(app, 'r').at(-1)).toMatch(
      /^the time limit of 0\.5 s ended after \d+ of 1000 random plans: the plan is the best of those drawn; plan again with a longer time limit to draw them all$/,
    );
  });

  it('stops at a cancel and frees the worker for the plan behind it', async () => {
    const app = createTestApp();
    onTestFinished(() => app.close());
    const { id } = await app.call('instances:save', { instance: tight() });
    const small = (await app.call('instances:save', { instance: generateInstance(20, createRng(2), 'small') })).id;
    const long = app.services.handlers['plans:create']({
      instanceId: id,
      variant: { name: 'tw1' },
      method: 'random',
      // One plan drawn, fitted to the fleet: the fit is what took minutes.
      samples: 1,
      timeLimitSec: 600,
      jobId: 'long',
    });
    await expect.poll(() => messagesOf(app, 'long').length, { timeout: 20_000 }).toBeGreaterThan(0);
    const next = app.services.handlers['plans:create']({ instanceId: small, variant: { name: 'tw1' }, method: 'random', jobId: 'next' });
    expect(await app.call('plans:cancel', { jobId: 'long' })).toEqual({ cancelled: true });
    expect(await long).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    // Behind a random plan of this day that could not be stopped, the next one waited minutes (past the test's limit).
    expect(await next).toMatchObject({ ok: true });
    expect(await app.call('plans:list', { instanceId: id })).toEqual([]);
  });
});

describe('the classical solver on a day of 1,000 stops for a fleet of 25', () => {
  // Hard windows and 25 vehicles: its search ends with some 40 routes. Trying which to give up took 21 s after a 1 s
  // search, past the time limit and after the bar had filled; the fit now keeps to the limit and says so.
  const short = () => ({ ...generateInstances(1000, 1, 1)[0], name: 'short fleet', vehicles: 25, capacity: 100_000 });

  it('fits its plan to the fleet within its time limit, says so while it does, and that the limit hurried it', async () => {
    const app = createTestApp();
    onTestFinished(() => app.close());
    const { id } = await app.call('instances:save', { instance: short() });
    const request = { instanceId: id, variant: { name: 'tw1' }, method: 'classical', timeLimitSec: 0.5, jobId: 'c' } as const;
    const plan = await app.call('plans:create', request);
    expect(plan.evaluation.vehicles).toBeLessThanOrEqual(25);
    expect(plan.cutShort).toBe(true);
    const messages = app.events
      .filter((e) => e.event === 'plan:progress' && (e.payload as { jobId?: string }).jobId === 'c')
      .map((e) => (e.payload as { message: string }).message);
    const fitting = messages.findIndex((m) => /^fitting the plan's \d+ routes to the fleet of 25 vehicles$/.test(m));
    expect(fitting).toBeGreaterThan(0);
    expect(messages.slice(fitting + 1)).toHaveLength(1);
    expect(messages.at(-1)).toMatch(
      /^the time limit of 0\.5 s ended before the search could improve the plan as far as it goes, and before the \d+ of its \d+ routes to give up for the fleet of 25 vehicles could be chosen with care \(those with the fewest stops went, which may leave more customers unserved\): .*plan again with a longer time limit$/,
    );
  });
});

describe("the learned models' size limit", () => {
  it('refuses a model plan of a day beyond it before it waits for the worker, naming the classical solver', async () => {
    const app = createTestApp();
    onTestFinished(() => app.close());
    const { id } = await app.call('instances:save', { instance: { ...generateInstance(1001, createRng(4), 'large'), vehicles: 60 } });
    for (const method of ['jampr', 'am'] as const) {
      const error = await app.fail('plans:create', { instanceId: id, variant: { name: 'tw3' }, method });
      expect(error.kind).toBe('input');
      expect(error.message).toMatch(/^the learned models plan at most 1000 customers and this day has 1001 .*classical solver$/);
    }
    expect(await app.call('plans:list', { instanceId: id })).toEqual([]);
  });
});

describe('a training run queued behind a long plan', () => {
  it('is cancelled at once: recorded as cancelled while the plan still runs, and never started after it', async () => {
    const app = createTestApp();
    onTestFinished(() => app.close());
    const { id } = await app.call('instances:save', { instance: generateInstance(100, createRng(3), 'long plan') });
    // Random plans are drawn in one loop that holds the worker until all are drawn (seconds) or its time limit ends: the
    // run sent after waits for it.
    let planEnded = false;
    const long = app.services.handlers['plans:create']({
      instanceId: id,
      variant: { name: 'tw1' },
      method: 'random',
      samples: 100_000,
      timeLimitSec: 45,
      jobId: 'long',
    });
    void long.then(() => (planEnded = true));
    const drawing = () =>
      app.events.some((e) => e.event === 'plan:progress' && /random plans/.test((e.payload as { message?: string }).message ?? ''));
    await expect.poll(drawing, { timeout: 20_000 }).toBe(true);

    const run = await app.call('training:start', {
      variant: 'tw1',
      size: 10,
      instanceIds: [],
      minutes: 1,
      name: 'queued',
      fromScratch: true,
    });
    const cancelled = await app.call('training:cancel', { id: run.id });
    expect(planEnded, 'the cancel waited for the plan ahead of the run').toBe(false);
    expect(cancelled).toMatchObject({ status: 'cancelled', modelId: null });
    expect(cancelled.verdict).toBe(
      'queued was not kept: the run was stopped before its first training step, so it would be the untrained weights.',
    );

    expect(await app.call('plans:cancel', { jobId: 'long' })).toEqual({ cancelled: true });
    expect(await long).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    // A plan sent after the run is answered after the worker came to the run: by then it was skipped, not started.
    const small = (await app.call('instances:save', { instance: generateInstance(10, createRng(2), 'after') })).id;
    await app.call('plans:create', { instanceId: small, variant: { name: 'tw1' }, method: 'random', samples: 1 });
    expect(app.events.filter((e) => e.event === 'training:progress')).toEqual([]);
    expect(await app.call('training:status', { id: run.id })).toMatchObject({ status: 'cancelled', points: [] });
  });
});
