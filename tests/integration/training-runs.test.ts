import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createWebServer } from '../../src/main/http.js';
import { createEventHub } from '../../src/main/http/events.js';
import { fakeTrainer } from './fixtures/fake-trainer.js';
import { createTestApp, type TestApp } from './fixtures/services.js';
import { tinyInstance } from './fixtures/tiny.js';

/**
 * The training service's bookkeeping (points stored and pushed, outcome and model recorded, one run at a time),
 * with a stand-in trainer that reports a point every few milliseconds until cancelled and then saves a tiny checkpoint.
 * This file: a run's bookkeeping and its refusals before it starts; training-models.test.ts has the model a run makes.
 */
let app: TestApp;
afterEach(() => app.close());

describe('training service', () => {
  it('stores each learning-curve point, and a cancelled run keeps the checkpoint it saved as a model', async () => {
    const trainer = fakeTrainer();
    app = createTestApp(trainer);
    const run = await app.call('training:start', { variant: 'tw1', size: 10, instanceIds: [], minutes: 1, name: 'mine' });
    expect(run.status).toBe('running');
    // Announced at once, so that other windows list it before its first progress (queued behind a plan, say).
    expect(app.events.filter((e) => e.event === 'data:changed')).toEqual([
      { event: 'data:changed', payload: { change: { what: 'training-started', id: run.id }, by: null } },
    ]);
    // A second run while one trains conflicts with the app's state (a run started in another window): 409, not a bad request.
    const web = createWebServer({ services: app.services, hub: createEventHub(), token: 'train-token-0123456789', rendererDir: null });
    const base = await web.listen(0);
    const second = await fetch(`${base}/api/training:start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-jampr-token': 'train-token-0123456789' },
      body: JSON.stringify({ variant: 'tw1', size: 10, instanceIds: [], minutes: 1 }),
    });
    await web.close();
    expect(second.status).toBe(409);
    expect(await second.json()).toEqual({
      ok: false,
      error: {
        kind: 'conflict',
        message: `training run ${run.id} (mine) is running, and one runs at a time: wait for it to finish, or cancel it, then start this one`,
      },
    });
    expect((await app.call('training:list', {})).map((r) => r.id)).toEqual([run.id]);
    while ((await app.call('training:status', { id: run.id })).points.length < 3) await new Promise((r) => setTimeout(r, 5));
    const cancelled = await app.call('training:cancel', { id: run.id });
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.points.length).toBeGreaterThanOrEqual(3);
    const models = await app.call('models:list', {});
    expect(models).toEqual([expect.objectContaining({ id: cancelled.modelId, name: 'mine', builtIn: false })]);
    expect(models[0].card).toMatchObject({
      method: 'jampr',
      variant: 'tw1',
      size: 10,
      recipe: 'fake',
      instancesSeen: 64,
      validationCost: 12.5,
    });
    expect(app.events.filter((e) => e.event === 'training:progress').length).toBe(cancelled.points.length);
    expect(app.events.at(-1)).toEqual({ event: 'training:finished', payload: { run: cancelled } });
    expect(trainer.jobs[0]).toMatchObject({ variant: 'tw1', size: 10, fromDir: null, instances: [] });
  });

  it('records a failing run with its error and frees the worker for the next run', async () => {
    app = createTestApp(fakeTrainer());
    const run = await app.call('training:start', { variant: 'tw3', size: 10, instanceIds: [], minutes: 1, name: 'fails' });
    while ((await app.call('training:status', { id: run.id })).status === 'running') await new Promise((r) => setTimeout(r, 5));
    expect(await app.call('training:status', { id: run.id })).toMatchObject({
      status: 'failed',
      error: 'the trainer ran out of luck',
      modelId: null,
    });
    const next = await app.call('training:start', { variant: 'tw3', size: 10, instanceIds: [], minutes: 1, name: 'next' });
    expect((await app.call('training:cancel', { id: next.id })).status).toBe('cancelled');
    expect((await app.call('training:list', {})).map((r) => r.status)).toEqual(['cancelled', 'failed']);
  });

  it('removes the folder a failed run wrote, so that its name can be trained again', async () => {
    app = createTestApp(fakeTrainer(null, 3));
    const request = { variant: 'tw3' as const, size: 10, instanceIds: [], minutes: 1, name: 'fails after a checkpoint' };
    const run = await app.call('training:start', request);
    while ((await app.call('training:status', { id: run.id })).status === 'running') await new Promise((r) => setTimeout(r, 5));
    expect(await app.call('training:status', { id: run.id })).toMatchObject({ status: 'failed', error: 'the card could not be written' });
    expect(existsSync(join(app.dir, 'models', 'fails_after_a_checkpoint'))).toBe(false);
    expect((await app.call('training:start', request)).status).toBe('running');
  });

  it('records a failed run whose folder cannot be removed, naming both problems, and lets the next run start', async () => {
    app = createTestApp(fakeTrainer());
    const run = await app.call('training:start', {
      variant: 'tw3',
      size: 10,
      instanceIds: [],
      minutes: 1,
      name: 'fails where its folder cannot go',
    });
    let ended = run;
    for (let i = 0; i < 400 && ended.status === 'running'; i++) {
      await new Promise((r) => setTimeout(r, 5));
      ended = await app.call('training:status', { id: run.id });
    }
    const folder = join(app.dir, 'models', 'fails_where_its_folder_cannot_go');
    expect(ended).toMatchObject({ status: 'failed', modelId: null });
    expect(ended.error).toMatch(/^the trainer ran out of luck; /);
    expect(ended.error).toContain(`its folder ${folder} could not be removed (`);
    expect(ended.error).toMatch(/: remove it by hand to use the name fails where its folder cannot go again$/);
    expect(app.events.at(-1)).toEqual({ event: 'training:finished', payload: { run: ended } });
    rmSync(join(app.dir, 'models'));
    const next = await app.call('training:start', { variant: 'tw3', size: 10, instanceIds: [], minutes: 1, name: 'next' });
    expect((await app.call('training:cancel', { id: next.id })).status).toBe('cancelled');
  });

  it('records a run stopped by the app stopping (quit, SIGTERM) as stopped, neither cancelled nor failed, keeping its checkpoint', async () => {
    app = createTestApp(fakeTrainer());
    const run = await app.call('training:start', { variant: 'tw1', size: 10, instanceIds: [], minutes: 1, name: 'mine' });
    while ((await app.call('training:status', { id: run.id })).points.length < 2) await new Promise((r) => setTimeout(r, 5));
    // What the web mode's SIGTERM and the desktop app's quit call.
    await app.services.shutdown();
    const stopped = app.store.trainingRuns.get(run.id)!;
    // No error: the app closing is no failure of the run; the verdict says that its model was kept and not judged.
    expect(stopped).toMatchObject({
      status: 'stopped',
      error: null,
      keptModel: 'mine',
      modelId: expect.any(Number),
      verdict: expect.stringMatching(/^mine was not activated: /),
    });
    expect(app.events.at(-1)).toEqual({ event: 'training:finished', payload: { run: stopped } });
  });

  it('refuses a model name longer than a card holds before training, without repeating it whole', async () => {
    app = createTestApp(fakeTrainer());
    const refusal = await app.fail('training:start', { variant: 'tw1', size: 10, instanceIds: [], minutes: 1, name: 'm'.repeat(10_000) });
    expect(refusal).toMatchObject({
      kind: 'input',
      details: [expect.stringMatching(/is longer than 200 characters, the most a model name may have/)],
    });
    expect(JSON.stringify(refusal).length).toBeLessThan(1_000);
    expect(await app.call('training:list', {})).toEqual([]);
    expect(existsSync(join(app.dir, 'models'))).toBe(false);
  });

  it('refuses a run shorter than the shortest that trains, naming the minimum, and starts nothing', async () => {
    const trainer = fakeTrainer();
    app = createTestApp(trainer);
    const refusal = await app.fail('training:start', { variant: 'tw1', size: 10, instanceIds: [], minutes: 0.25, name: 'too short' });
    expect(refusal).toMatchObject({
      kind: 'input',
      details: [
        'minutes 0.25 is under 0.5, the shortest training run: a shorter run spends its minutes getting ready (measuring the model it starts from, fitting its pair bias) and takes no training step; give it at least 0.5 minutes',
      ],
    });
    expect(trainer.jobs).toEqual([]);
    expect(await app.call('training:list', {})).toEqual([]);
    // At the minimum it starts.
    const run = await app.call('training:start', { variant: 'tw1', size: 10, instanceIds: [], minutes: 0.5, name: 'short enough' });
    expect((await app.call('training:cancel', { id: run.id })).status).toBe('cancelled');
  });

  it('refuses a model name with a control character before training, as jampr train --name does (one rule)', async () => {
    app = createTestApp(fakeTrainer());
    const refusal = await app.fail('training:start', { variant: 'tw1', size: 10, instanceIds: [], minutes: 1, name: 'north\tsoft' });
    expect(refusal).toMatchObject({ kind: 'input', details: [expect.stringMatching(/holds the invisible control character U\+0009/)] });
    expect(await app.call('training:list', {})).toEqual([]);
  });

  it('stops a run whose database file was deleted under it, and ends it in words', async () => {
    const trainer = fakeTrainer();
    app = createTestApp(trainer);
    const run = await app.call('training:start', { variant: 'tw1', size: 10, instanceIds: [], minutes: 1, name: 'orphaned' });
    while ((await app.call('training:status', { id: run.id })).points.length < 2) await new Promise((r) => setTimeout(r, 5));
    rmSync(app.store.path);
    expect((await app.fail('training:list', {})).message).toMatch(/was deleted while the app was running/);
    // The trainer's next point finds the store closed: the run stops, and its end is told in words.
    for (let i = 0; i < 200 && !app.events.some((e) => e.event === 'training:finished'); i++) await new Promise((r) => setTimeout(r, 5));
    const finished = app.events.find((e) => e.event === 'training:finished')?.payload as { run: { status: string; error: string } };
    expect(finished.run).toMatchObject({
      id: run.id,
      status: 'failed',
      error: expect.stringMatching(/database .* was deleted while the app was running/),
    });
  });

  it('keeps the checkpoint of a run stopped by the app quitting after its database file was deleted', async () => {
    app = createTestApp(fakeTrainer());
    const run = await app.call('training:start', { variant: 'tw1', size: 10, instanceIds: [], minutes: 1, name: 'orphaned' });
    while ((await app.call('training:status', { id: run.id })).points.length < 2) await new Promise((r) => setTimeout(r, 5));
    rmSync(app.store.path);
    expect((await app.fail('training:list', {})).message).toMatch(/was deleted while the app was running/);
    await app.services.shutdown();
    // Nothing could record it: the folder is what the next start finds and registers (interrupted-training.ts).
    expect(existsSync(join(app.dir, 'models', 'orphaned', 'model.json'))).toBe(true);
    const finished = app.events.find((e) => e.event === 'training:finished')?.payload as { run: { status: string; error: string } };
    expect(finished.run).toMatchObject({ status: 'failed', error: expect.stringMatching(/was deleted while the app was running/) });
  });
  it('refuses to learn from an instance that does not exist, before starting anything', async () => {
    app = createTestApp(fakeTrainer());
    expect(await app.fail('training:start', { variant: 'tw1', size: 10, instanceIds: [77], minutes: 1 })).toEqual({
      kind: 'input',
      message: 'there is no instance with id 77, and there never was: choose the days to learn from among the stored ones (instances:list)',
    });
    // One that was stored and deleted is told apart, and both are named by id.
    const { id } = await app.call('instances:save', { instance: tinyInstance('gone') });
    await app.call('instances:delete', { id });
    const never = [999, 1000, 1001, 1002, 1003, 1004, 1005];
    expect((await app.fail('training:start', { variant: 'tw1', size: 10, instanceIds: [id, ...never], minutes: 1 })).message).toBe(
      'there is no instance with id 999, 1000, 1001, 1002, 1003 and 2 more, and there never was: choose the days to learn from among the stored ones (instances:list)',
    );
    expect(await app.call('training:list', {})).toEqual([]);
  });
});
