import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inProcessRunner } from '../../src/main/jobs/in-process.js';
import { registerBuiltInModels } from '../../src/main/services/models.js';
import { createTestApp, type TestApp } from './fixtures/services.js';
import { tinyInstance } from './fixtures/tiny.js';

/**
 * The app's own models after the app moved: an update installs it in another folder, an AppImage is mounted at a new
 * path at every start, a Mac app is dragged to Applications. The database keeps its registered shipped models; the
 * app must read them from where it is now, not skip them for their names and plan from a folder that is gone.
 */
let app: TestApp;
beforeAll(() => {
  app = createTestApp(inProcessRunner());
});
afterAll(() => app.close());

/** The shipped tw1 models as one app version's resources folder at `dir`. */
function installAt(dir: string): string {
  for (const name of ['jampr-tw1-n20', 'jampr-tw1-n50']) cpSync(join('resources/models', name), join(dir, name), { recursive: true });
  return dir;
}

describe('shipped models when the app moved', () => {
  it('are read from the new folder, keep their ids and their being active, and still plan once the old folder is gone', async () => {
    const first = installAt(join(app.dir, 'app-1.0', 'models'));
    registerBuiltInModels(app.store, first, () => {});
    const before = app.store.models.named('jampr-tw1-n20')!;
    app.store.models.activate(before.id);
    const day = await app.call('instances:save', { instance: tinyInstance('moved') });

    const second = installAt(join(app.dir, 'app-1.1', 'models'));
    rmSync(first, { recursive: true });
    const warnings: string[] = [];
    registerBuiltInModels(app.store, second, (w) => warnings.push(w));

    expect(warnings).toEqual([]);
    const after = app.store.models.named('jampr-tw1-n20')!;
    expect(after).toMatchObject({ id: before.id, folder: resolve(second, 'jampr-tw1-n20'), active: true, builtIn: true });
    expect(app.store.models.list().filter((m) => m.name.startsWith('jampr-tw1'))).toHaveLength(2);
    const plan = await app.call('plans:create', { instanceId: day.id, variant: { name: 'tw1' }, method: 'jampr', decode: 'greedy' });
    expect(plan.modelName).toBe('jampr-tw1-n20');
    expect(plan.evaluation.violations).toEqual([]);
  });

  it('do not take over a model the dispatcher imported under a shipped name', async () => {
    const own = app.store.models.insert({
      name: 'jampr-tw1-n50-own',
      folder: join(app.dir, 'own'),
      card: app.store.models.named('jampr-tw1-n50')!.card,
      builtIn: false,
    });
    const shippedDir = join(app.dir, 'app-1.2', 'models');
    cpSync(join('resources/models', 'jampr-tw1-n50'), join(shippedDir, 'jampr-tw1-n50-own'), { recursive: true });
    const card = join(shippedDir, 'jampr-tw1-n50-own', 'card.json');
    writeFileSync(card, JSON.stringify({ ...JSON.parse(readFileSync(card, 'utf8')), name: 'jampr-tw1-n50-own' }));
    const warnings: string[] = [];
    registerBuiltInModels(app.store, shippedDir, (w) => warnings.push(w));
    expect(warnings).toEqual([expect.stringContaining('a model named jampr-tw1-n50-own is already registered')]);
    expect(app.store.models.get(own.id)).toMatchObject({ folder: join(app.dir, 'own'), builtIn: false });
  });
});
