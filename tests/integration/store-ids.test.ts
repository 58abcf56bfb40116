import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, schemaVersion } from '../../src/main/store/db.js';
import { openStore } from '../../src/main/store/index.js';
import { MIGRATIONS } from '../../src/main/store/migrations/index.js';
import { makeVariant } from '../../src/shared/domain.js';
import { BLANK_EVALUATION, tinyInstance } from './fixtures/tiny.js';

const dirs: string[] = [];
const tempDb = () => {
  const dir = mkdtempSync(join(tmpdir(), 'jampr-ids-'));
  dirs.push(dir);
  return join(dir, 'test.sqlite');
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const evaluation = BLANK_EVALUATION;
const plan = (instanceId: number) => ({
  instanceId,
  variant: makeVariant('tw1'),
  method: 'classical' as const,
  modelName: null,
  routes: [['a', 'b']],
  evaluation,
  seconds: 0.1,
});
const card = (name: string) => ({
  name,
  method: 'jampr' as const,
  variant: 'tw1' as const,
  size: 20,
  recipe: 'test',
  instancesSeen: 0,
  cpuSeconds: 0,
  validationCost: null,
  createdAt: '2026-01-01',
});

describe('ids', () => {
  it('never hands out the id of a deleted day, plan, model or run again, the newest one included', () => {
    const store = openStore(tempDb());
    const day = store.instances.insert(tinyInstance(), 'a.csv');
    const first = store.plans.insert(plan(day.id));
    store.plans.delete(first.id);
    expect(store.plans.insert(plan(day.id)).id).toBeGreaterThan(first.id);
    store.instances.delete(day.id);
    expect(store.instances.insert(tinyInstance(), 'b.csv').id).toBeGreaterThan(day.id);
    const model = store.models.insert({ name: 'm', folder: '/m/m', card: card('m'), builtIn: false });
    store.models.delete(model.id);
    expect(store.models.insert({ name: 'm', folder: '/m/m', card: card('m'), builtIn: false }).id).toBeGreaterThan(model.id);
    const run = store.trainingRuns.start({ variant: 'tw1', size: 10, instanceIds: [], minutes: 1 });
    store.db.prepare('DELETE FROM training_runs WHERE id = ?').run(run.id);
    expect(store.trainingRuns.start({ variant: 'tw1', size: 10, instanceIds: [], minutes: 1 }).id).toBeGreaterThan(run.id);
    store.close();
  });

  it('upgrades a database of the schema before, keeping every row, the links between them and the cascade', () => {
    const path = tempDb();
    const old = openDatabase(
      path,
      MIGRATIONS.filter((m) => m.version <= 40),
    );
    // Days as that schema stored them (today's repository writes columns it lacks, the listed figures).
    const instances = {
      insert: (instance: ReturnType<typeof tinyInstance>, source: string) => ({
        id: Number(
          old
            .prepare("INSERT INTO instances (name, json, source, created_at, updated_at) VALUES (?, ?, ?, '2026-01-01', '2026-01-01')")
            .run(instance.name, JSON.stringify(instance), source).lastInsertRowid,
        ),
      }),
    };
    // Plans as that schema stored them (today's repository writes columns it lacks, cut_short).
    const plans = {
      insert: (instanceId: number) => ({
        id: Number(
          old
            .prepare(
              `INSERT INTO plans (instance_id, variant, method, model_name, routes, evaluation, cost, vehicles, distance, late, feasible, seconds, created_at)
               VALUES (?, '{"name":"tw1","alpha":1,"penalty":"linear"}', 'classical', NULL, '[["a","b"]]', ?, 1, 1, 1, 0, 1, 0.1, '2026-01-01')`,
            )
            .run(instanceId, JSON.stringify(evaluation)).lastInsertRowid,
        ),
      }),
      delete: (id: number) => old.prepare('DELETE FROM plans WHERE id = ?').run(id),
    };
    const kept = instances.insert(tinyInstance(), 'kept.csv');
    const other = instances.insert(tinyInstance(), 'other.csv');
    const keptPlans = [plans.insert(kept.id), plans.insert(kept.id)];
    const otherPlan = plans.insert(other.id);
    // A model as that schema stored it (today's repository reads columns it lacks, active_for).
    const model = {
      id: Number(
        old.prepare("INSERT INTO models (name, folder, card, built_in) VALUES ('m', '/m/m', ?, 0)").run(JSON.stringify(card('m')))
          .lastInsertRowid,
      ),
    };
    // A run as that schema stored it (today's repository writes columns it lacks).
    const config = JSON.stringify({ variant: 'tw1', size: 10, instanceIds: [kept.id], minutes: 1 });
    const run = {
      id: Number(
        old.prepare("INSERT INTO training_runs (config, status, created_at) VALUES (?, 'running', '2026-01-01')").run(config)
          .lastInsertRowid,
      ),
    };
    old.prepare("UPDATE training_runs SET status = 'done', model_id = ? WHERE id = ?").run(model.id, run.id);
    // Before the upgrade the newest plan's id went to the next plan: that id is now known, and must stay known.
    plans.delete(otherPlan.id);
    const reused = plans.insert(other.id);
    expect(reused.id).toBe(otherPlan.id);
    old.close();

    const store = openStore(path);
    expect(schemaVersion(store.db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(store.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(store.instances.list().map((i) => [i.id, i.plans])).toEqual(
      expect.arrayContaining([
        [kept.id, 2],
        [other.id, 1],
      ]),
    );
    // The figures the history lists, filled in from each day's JSON by the upgrade.
    expect(store.instances.list().find((i) => i.id === kept.id)).toMatchObject({ customers: 5, vehicles: 3, capacity: 30 });
    expect(
      store.plans
        .list(kept.id)
        .map((p) => p.id)
        .sort(),
    ).toEqual(keptPlans.map((p) => p.id).sort());
    expect(store.plans.get(reused.id)?.instanceId).toBe(other.id);
    expect(store.trainingRuns.get(run.id)).toMatchObject({ status: 'done', modelId: model.id, keptModel: null });
    expect(store.db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name = 'plans_by_instance'").pluck().get()).toBe(
      1,
    );
    // The cascade and SET NULL still hold: deleting a day takes its plans, deleting a model unlinks its run.
    store.instances.delete(kept.id);
    expect(keptPlans.map((p) => store.plans.get(p.id))).toEqual([undefined, undefined]);
    store.models.delete(model.id);
    expect(store.trainingRuns.get(run.id)?.modelId).toBeNull();
    // And from now on the newest plan's id is not handed out again.
    store.plans.delete(reused.id);
    expect(store.plans.insert(plan(other.id)).id).toBeGreaterThan(reused.id);
    store.close();
  });

  it("widens the training runs' statuses by 'stopped' (schema 140), keeping every run, its model link and the ids handed out", () => {
    const path = tempDb();
    const old = openDatabase(
      path,
      MIGRATIONS.filter((m) => m.version <= 130),
    );
    const model = old
      .prepare("INSERT INTO models (name, folder, card, built_in) VALUES ('m', '/m/m', ?, 0)")
      .run(JSON.stringify(card('m')));
    const config = JSON.stringify({ variant: 'tw1', size: 10, instanceIds: [], minutes: 1 });
    const insert = old.prepare("INSERT INTO training_runs (config, status, created_at) VALUES (?, 'running', '2026-01-01')");
    const kept = Number(insert.run(config).lastInsertRowid);
    old
      .prepare(
        "UPDATE training_runs SET status = 'failed', model_id = ?, kept_model = 'm', error = 'interrupted', verdict = 'v' WHERE id = ?",
      )
      .run(model.lastInsertRowid, kept);
    const newest = Number(insert.run(config).lastInsertRowid);
    old.prepare('DELETE FROM training_runs WHERE id = ?').run(newest);
    expect(() => old.prepare("UPDATE training_runs SET status = 'stopped' WHERE id = ?").run(kept)).toThrow(/CHECK constraint/);
    old.close();

    const store = openStore(path);
    expect(schemaVersion(store.db)).toBe(MIGRATIONS.at(-1)!.version);
    expect(store.trainingRuns.get(kept)).toMatchObject({
      status: 'failed',
      modelId: Number(model.lastInsertRowid),
      keptModel: 'm',
      error: 'interrupted',
      verdict: 'v',
    });
    expect(store.trainingRuns.finish(kept, 'stopped', { id: Number(model.lastInsertRowid), name: 'm' }, null)?.status).toBe('stopped');
    // The deleted newest run's id stays handed out.
    expect(store.trainingRuns.start({ variant: 'tw1', size: 10, instanceIds: [], minutes: 1 }).id).toBeGreaterThan(newest);
    // Still linked to its model: deleting the model unlinks the run.
    store.models.delete(Number(model.lastInsertRowid));
    expect(store.trainingRuns.get(kept)?.modelId).toBeNull();
    store.close();
  });
});
