import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/store/db.js';
import { openStore } from '../../src/main/store/index.js';
import { MIGRATIONS } from '../../src/main/store/migrations/index.js';
import type { ServiceContext } from '../../src/main/services/context.js';
import { registerBuiltInModels, resolveModel } from '../../src/main/services/models.js';
import { generateInstances } from '../../src/main/vrp/generate.js';
import type { TrainingRun } from '../../src/shared/api.js';
import { activeDaysWords, someDaysWords } from '../../src/shared/model-choice.js';
import { fakeTrainer, judged } from './fixtures/fake-trainer.js';
import { createTestApp, type TestApp } from './fixtures/services.js';

/**
 * A retrained model replaces only the model it was judged against: a run whose held-out days were small (under 35
 * stops, the shipped N=20 model's days) and that planned them better plans small days from then on, while days of 35
 * stops and more keep the N=50 model. Through the services and the store's SQLite file; the stand-in trainer
 * (fixtures/fake-trainer.ts) only spares the minutes of training, and reports the held-out days planned better.
 */
let app: TestApp | null = null;
afterEach(async () => {
  await app?.close();
  app = null;
});

const day = async (customers: number, seed: number, name: string) =>
  (await app!.call('instances:save', { instance: { ...generateInstances(customers, 1, seed)[0], name } })).id;

/** A run on small days, from the model that plans them today unless `fromModelId` is given. */
async function trainedOnSmallDays(name = 'small-days', fromModelId?: number): Promise<TrainingRun> {
  if (!app) {
    // It saves a model that has seen more instances than the shipped one it starts from: a step was trained.
    const better = judged({ days: 3, newCost: 90, newUnserved: 0, currentCost: 100, currentUnserved: 0 });
    app = createTestApp(fakeTrainer(better, 40, 100_000_000));
    registerBuiltInModels(app.store, 'resources/models');
  }
  const { call } = app;
  // Five days of 27 to 31 stops: the last three are held out, each planned today by the model of the N=20 band.
  const ids: number[] = [];
  for (let i = 0; i < 5; i++) ids.push(await day(27 + i, 100 + i, `${name}-${i}`));
  let run = await call('training:start', { variant: 'tw1', size: 30, instanceIds: ids, minutes: 1, name, fromModelId });
  while (run.status === 'running') {
    await new Promise((r) => setTimeout(r, 10));
    run = await call('training:status', { id: run.id });
  }
  return run;
}

describe('a retrained model activated by its run', () => {
  it('plans the days of the size band it was judged on: a 25-stop day and a 60-stop day get different models', async () => {
    const run = await trainedOnSmallDays();
    const { store, call } = app!;
    expect(run.verdict).toMatch(
      /^small-days is now active for days under 35 customers, in place of jampr-tw1-n20 there \(days of other sizes keep their model\): mean cost of its greedy plans of 3 held-out days /,
    );
    expect(store.models.named('small-days')).toMatchObject({ active: true, activeFor: [20] });

    const small = await day(25, 7, 'tuesday');
    const large = await day(60, 8, 'wednesday');
    const plan = (instanceId: number) => call('plans:create', { instanceId, variant: { name: 'tw1' }, method: 'jampr' });
    // The plan names the model that planned it: each day its band's.
    expect((await plan(small)).modelName).toBe('small-days');
    expect((await plan(large)).modelName).toBe('jampr-tw1-n50');
  }, 120_000);

  it('is where a retraining starts from for its band only; by hand it plans every size; automatic choice undoes both', async () => {
    await trainedOnSmallDays();
    const { store, call, dir } = app!;
    const ctx: ServiceContext = {
      store,
      jobs: fakeTrainer(),
      emit: () => {},
      app: { version: 'test', transport: 'ipc' },
      modelsDir: dir,
    };
    // The Training tab's start model and the planner's choice are one rule.
    const choice = (size: number) => resolveModel(ctx, 'jampr', 'tw1', size).name;
    expect([25, 34, 35, 60].map(choice)).toEqual(['small-days', 'small-days', 'jampr-tw1-n50', 'jampr-tw1-n50']);

    // Activated by hand, the dispatcher's choice plans every size of the policy.
    const mine = store.models.named('small-days')!;
    expect(await call('models:activate', { id: mine.id })).toMatchObject({ activeFor: 'all' });
    expect([25, 60].map(choice)).toEqual(['small-days', 'small-days']);

    // Back to the automatic choice: each day the shipped model of its size.
    const listed = await call('models:automatic', { method: 'jampr', variant: 'tw1' });
    expect(listed.filter((m) => m.active)).toEqual([]);
    expect([25, 60].map(choice)).toEqual(['jampr-tw1-n20', 'jampr-tw1-n50']);
    // A model asked for plans any size, active or not.
    expect(resolveModel(ctx, 'jampr', 'tw1', 60, mine.id).name).toBe('small-days');
  });
});

describe('a model activated by hand, then a run that wins one size band', () => {
  it('gives that band up and stays active for the others, stored and shown so; each day keeps the model that planned it', async () => {
    await trainedOnSmallDays('retrain-a');
    const { store, call } = app!;
    const a = store.models.named('retrain-a')!;
    // The dispatcher's choice for the whole policy.
    expect(await call('models:activate', { id: a.id })).toMatchObject({ activeFor: 'all' });
    const small = await day(25, 7, 'tuesday');
    const large = await day(60, 8, 'wednesday');
    const plannedBy = async (instanceId: number) =>
      (await call('plans:create', { instanceId, variant: { name: 'tw1' }, method: 'jampr' })).modelName;
    expect([await plannedBy(small), await plannedBy(large)]).toEqual(['retrain-a', 'retrain-a']);

    // A run judged on small days against retrain-a (which plans them today) wins them: it takes over the N=20 band
    // only. From the shipped N=20 model: the stand-in trainer's model would have seen no more than retrain-a.
    const run = await trainedOnSmallDays('retrain-b', store.models.named('jampr-tw1-n20')!.id);
    expect(run.verdict).toMatch(/^retrain-b is now active for days under 35 customers, in place of retrain-a there /);
    const listed = await call('models:list', {});
    const active = listed.filter((m) => m.active && m.card.variant === 'tw1').map((m) => [m.name, m.activeFor]);
    // retrain-a is stored as active for the band it kept, not for every size: the Models table and its delete
    // question say the days it still plans.
    expect(active).toEqual([
      ['retrain-a', [50]],
      ['retrain-b', [20]],
    ]);
    const kept = listed.find((m) => m.name === 'retrain-a')!;
    expect(activeDaysWords(listed, kept)).toBe('days of 35 customers or more');
    expect(someDaysWords(listed, kept)).toBe('days of 35 customers or more');
    // Planning is as it was: small days to the run's model, big days to the one activated by hand.
    expect([await plannedBy(small), await plannedBy(large)]).toEqual(['retrain-b', 'retrain-a']);

    // Activated by hand again, it plans every size once more, and no other model of the policy stays active.
    expect(await call('models:activate', { id: a.id })).toMatchObject({ activeFor: 'all' });
    expect(store.models.named('retrain-b')!.activeFor).toBeNull();
  }, 240_000);
});

describe('a store upgraded from one active model per policy', () => {
  it('keeps a shipped active model on every size, and a model trained here on the size band of its trained size', () => {
    const folder = mkdtempSync(join(tmpdir(), 'jampr-bands-'));
    try {
      const path = join(folder, 'app.sqlite');
      const old = openDatabase(
        path,
        MIGRATIONS.filter((m) => m.version <= 120),
      );
      const insert = old.prepare('INSERT INTO models (name, folder, card, active, built_in) VALUES (?, ?, ?, ?, ?)');
      const card = (name: string, variant: string, size: number) =>
        JSON.stringify({
          name,
          method: 'jampr',
          variant,
          size,
          recipe: 'x',
          instancesSeen: 1,
          cpuSeconds: 1,
          validationCost: null,
          createdAt: 'now',
        });
      for (const variant of ['tw1', 'tw2']) {
        for (const size of [20, 50])
          insert.run(`jampr-${variant}-n${size}`, `/m/${variant}-${size}`, card(`jampr-${variant}-n${size}`, variant, size), 0, 1);
      }
      // tw1: a model retrained here at 31 stops was active (its run activated it: it plans the N=20 model's days now).
      insert.run('retrained-31', '/m/retrained', card('retrained-31', 'tw1', 31), 1, 0);
      insert.run('retrained-60', '/m/retrained-60', card('retrained-60', 'tw1', 60), 0, 0);
      // tw2: the shipped N=50 model was active, as only a dispatcher's hand makes it: it keeps every size.
      old.prepare("UPDATE models SET active = 1 WHERE name = 'jampr-tw2-n50'").run();
      old.close();

      const store = openStore(path);
      const active = store.models.list().filter((m) => m.active);
      expect(active.map((m) => [m.name, m.activeFor])).toEqual([
        ['jampr-tw2-n50', 'all'],
        ['retrained-31', [20]],
      ]);
      expect(
        store.models
          .list()
          .filter((m) => !m.active)
          .every((m) => m.activeFor === null),
      ).toBe(true);
      // Activating the other retrained model for the band of big days leaves the small days to the first.
      store.models.activate(store.models.named('retrained-60')!.id, [50]);
      expect(
        store.models
          .list()
          .filter((m) => m.card.variant === 'tw1' && m.active)
          .map((m) => [m.name, m.activeFor]),
      ).toEqual([
        ['retrained-31', [20]],
        ['retrained-60', [50]],
      ]);
      // A later run judged on both bands takes both over.
      store.models.activate(store.models.named('jampr-tw1-n20')!.id, [20, 50]);
      expect(
        store.models
          .list()
          .filter((m) => m.card.variant === 'tw1' && m.active)
          .map((m) => [m.name, m.activeFor]),
      ).toEqual([['jampr-tw1-n20', [20, 50]]]);
      store.close();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
