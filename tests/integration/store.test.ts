import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, openDatabase, schemaVersion } from '../../src/main/store/db.js';
import { openStore } from '../../src/main/store/index.js';
import { MIGRATIONS } from '../../src/main/store/migrations/index.js';
import { AppError } from '../../src/shared/errors.js';
import { makeVariant, type Evaluation } from '../../src/shared/domain.js';
import { tinyInstance } from './fixtures/tiny.js';

const dirs: string[] = [];
const tempDb = () => {
  const dir = mkdtempSync(join(tmpdir(), 'jampr-store-'));
  dirs.push(dir);
  return join(dir, 'nested', 'test.sqlite');
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const evaluation: Evaluation = {
  cost: 12.5,
  distance: 10,
  vehicles: 1,
  wait: 2.5,
  early: 2.5,
  late: 0,
  feasible: true,
  routes: [],
  violations: [],
};

describe('database and migrations', () => {
  it('creates an empty database with every table, WAL mode and foreign keys on', () => {
    const db = openDatabase(tempDb());
    expect(schemaVersion(db)).toBe(MIGRATIONS[MIGRATIONS.length - 1].version);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .pluck()
      .all();
    expect(tables).toEqual(['history_changes', 'instances', 'models', 'plans', 'training_runs']);
    db.close();
  });

  it('reopens an up-to-date database without touching it', () => {
    const path = tempDb();
    openStore(path).close();
    const store = openStore(path);
    expect(schemaVersion(store.db)).toBe(MIGRATIONS.at(-1)!.version);
    store.close();
  });

  it('refuses a database written by a newer version with a storage error naming both versions', () => {
    const path = tempDb();
    openDatabase(path).close();
    const raw = new BetterSqlite3(path);
    raw.pragma('user_version = 999');
    raw.close();
    let error: unknown;
    try {
      openDatabase(path);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).kind).toBe('storage');
    expect((error as AppError).message).toMatch(new RegExp(`newer version.*999.*${MIGRATIONS.at(-1)!.version}`));
  });

  it('refuses a read-only database in words, and leaves no journal file that would keep refusing it once writable', () => {
    const path = tempDb();
    openStore(path).close();
    chmodSync(path, 0o444);
    // Root ignores file permissions: as root the opener runs as nobody, the file's owner, in a folder anyone may write.
    const asRoot = process.getuid?.() === 0;
    const folder = join(path, '..');
    if (asRoot) {
      chmodSync(join(folder, '..'), 0o755);
      chmodSync(folder, 0o777);
      chownSync(path, 65534, 65534);
    }
    const open = () => {
      const command = [process.execPath, '--import', 'tsx', join(import.meta.dirname, 'fixtures/store-opener.ts'), path];
      const [file, ...args] = asRoot ? ['runuser', '-u', 'nobody', '--', ...command] : command;
      return execFileSync(file, args, { encoding: 'utf8' }).trim();
    };
    expect(open()).toMatch(/^refused: cannot open the database .*: the database file is read-only \(its permissions\)/);
    // SQLite gives its journal files the database's mode: a read-only -shm left behind refused the file for good.
    expect([existsSync(`${path}-wal`), existsSync(`${path}-shm`)]).toEqual([false, false]);
    chmodSync(path, 0o644);
    expect(open()).toBe('opened');
  });

  it('says that the folder is read-only where a writable database lies in a folder it may not write in, and nothing of a save', () => {
    const path = tempDb();
    openStore(path).close();
    const folder = join(path, '..');
    // Root ignores permissions: as root the opener runs as nobody, who owns the file but not the folder.
    const asRoot = process.getuid?.() === 0;
    chmodSync(join(folder, '..'), 0o755);
    chmodSync(folder, 0o555);
    if (asRoot) chownSync(path, 65534, 65534);
    const command = [process.execPath, '--import', 'tsx', join(import.meta.dirname, 'fixtures/store-opener.ts'), path];
    const [file, ...args] = asRoot ? ['runuser', '-u', 'nobody', '--', ...command] : command;
    const said = execFileSync(file, args, { encoding: 'utf8' }).trim();
    chmodSync(folder, 0o755);
    expect(said).toBe(
      `refused: cannot open the database ${path}: its folder ${folder} is read-only (its permissions), and the app writes its ` +
        'journal files (test.sqlite-wal, test.sqlite-shm) beside the database: allow writing in that folder, or choose a file in another folder with --db',
    );
  });

  it('applies all pending migrations in one transaction: a failing step leaves the file untouched', () => {
    const db = new BetterSqlite3(':memory:');
    const broken = [
      ...MIGRATIONS,
      { version: 20, name: 'adds-a-table', up: (d: typeof db) => d.exec('CREATE TABLE extra (x)') },
      { version: 30, name: 'fails', up: (d: typeof db) => d.exec('THIS IS NOT SQL') },
    ];
    expect(() => migrate(db, broken)).toThrow(/migration 30-fails .* nothing was changed/);
    expect(schemaVersion(db)).toBe(0);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table'").pluck().get()).toBe(0);
  });
});

describe('repositories', () => {
  it('stores an instance, lists it with its plan count and deletes its plans with it', () => {
    const store = openStore(tempDb());
    const saved = store.instances.insert(tinyInstance(), 'tiny.csv');
    const plan = store.plans.insert({
      instanceId: saved.id,
      variant: makeVariant('tw1'),
      method: 'classical',
      modelName: null,
      routes: [
        ['a', 'b'],
        ['c', 'd', 'e'],
      ],
      evaluation,
      seconds: 0.5,
    });
    expect(store.instances.list()).toMatchObject([
      { id: saved.id, name: 'tiny', customers: 5, vehicles: 3, capacity: 30, plans: 1, source: 'tiny.csv' },
    ]);
    const reloaded = store.plans.get(plan.id)!;
    expect(reloaded.variant).toEqual(makeVariant('tw1'));
    expect(reloaded.routes).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ]);
    expect(store.plans.list(saved.id)).toMatchObject([{ id: plan.id, cost: 12.5, feasible: true }]);
    expect(store.instances.delete(saved.id)).toEqual({ deleted: true, plans: 1 });
    expect(store.instances.delete(saved.id)).toEqual({ deleted: false, plans: 0 });
    expect(store.plans.get(plan.id)).toBeUndefined();
    store.close();
  });

  it("lists what an instance's figures are measured in: lat/lon with its speed, clock times", () => {
    const store = openStore(tempDb());
    const geo = { kind: 'geo', speedKmh: 30 } as const;
    const city = store.instances.insert({ ...tinyInstance(), name: 'city', coordinates: geo, clockTimes: true }, null);
    const plane = store.instances.insert(tinyInstance(), null);
    const listed = new Map(store.instances.list().map((s) => [s.id, s]));
    expect(listed.get(city.id)).toMatchObject({ coordinates: geo, clockTimes: true });
    expect(listed.get(plane.id)).not.toHaveProperty('coordinates');
    expect(listed.get(plane.id)).not.toHaveProperty('clockTimes');
    store.close();
  });

  it('refuses a plan for an instance that does not exist', () => {
    const store = openStore(tempDb());
    expect(() =>
      store.plans.insert({ instanceId: 42, variant: makeVariant('tw3'), method: 'x', modelName: null, routes: [], evaluation, seconds: 0 }),
    ).toThrow(/FOREIGN KEY/);
    store.close();
  });

  it('keeps one active model per method and variant', () => {
    const store = openStore(tempDb());
    const card = (name: string, variant: 'tw1' | 'tw3') => ({
      name,
      method: 'jampr' as const,
      variant,
      size: 20,
      recipe: 'test',
      instancesSeen: 0,
      cpuSeconds: 0,
      validationCost: null,
      createdAt: '2024-01-01',
    });
    const a = store.models.insert({ name: 'a', folder: '/m/a', card: card('a', 'tw1'), builtIn: true });
    const b = store.models.insert({ name: 'b', folder: '/m/b', card: card('b', 'tw1'), builtIn: false });
    const c = store.models.insert({ name: 'c', folder: '/m/c', card: card('c', 'tw3'), builtIn: false });
    store.models.activate(a.id);
    store.models.activate(c.id);
    store.models.activate(b.id);
    const active = store.models
      .list()
      .filter((m) => m.active)
      .map((m) => m.name)
      .sort();
    expect(active).toEqual(['b', 'c']);
    store.close();
  });

  it('appends learning-curve points and marks runs left running by a dead process as failed', () => {
    const path = tempDb();
    const store = openStore(path);
    const run = store.trainingRuns.start({ variant: 'tw1', size: 10, instanceIds: [], minutes: 1 });
    const point = { instancesSeen: 64, elapsedSec: 1.5, meanCost: 10, baselineCost: null, validationCost: 9 };
    store.trainingRuns.appendPoint(run.id, point);
    store.trainingRuns.appendPoint(run.id, { ...point, instancesSeen: 128 });
    expect(store.trainingRuns.get(run.id)!.points.map((p) => p.instancesSeen)).toEqual([64, 128]);
    store.close();
    const again = openStore(path);
    expect(again.trainingRuns.markInterrupted()).toBe(1);
    expect(again.trainingRuns.get(run.id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/interrupted/) });
    again.close();
  });
});
