import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDefaultModel } from '../../src/main/jampr/model-catalog.js';
import { inProcessRunner } from '../../src/main/jobs/in-process.js';
import type { ServiceContext } from '../../src/main/services/context.js';
import { registerBuiltInModels, registerModel, resolveModel } from '../../src/main/services/models.js';
import { generateInstances } from '../../src/main/vrp/generate.js';
import { parsePlanJson, writeInstanceJson } from '../../src/main/vrp/io/json.js';
import { VARIANT_NAMES } from '../../src/shared/domain.js';
import { cliWorkDir, jampr } from './fixtures/cli.js';
import { createTestApp, type TestApp } from './fixtures/services.js';
import { saveTinyModel } from '../unit/jampr/fixtures.js';

/** The app (its store of registered models) and the CLI (the models folder) pick the same shipped model. */
describe('the default model', () => {
  let app: TestApp;
  let ctx: ServiceContext;
  beforeAll(() => {
    app = createTestApp(inProcessRunner());
    registerBuiltInModels(app.store, 'resources/models');
    ctx = { store: app.store, jobs: inProcessRunner(), emit: () => {}, app: { version: 'test', transport: 'ipc' }, modelsDir: app.dir };
  });
  afterAll(() => app.close());

  it('is the same in the app and the CLI for every method, policy and N from 2 to 150', async () => {
    const differences: string[] = [];
    let compared = 0;
    for (const method of ['jampr', 'am'] as const) {
      for (const variant of VARIANT_NAMES) {
        for (let n = 2; n <= 150; n++) {
          const inApp = resolveModel(ctx, method, variant, n).name;
          const inCli = (await findDefaultModel(method, variant, n)).card.name;
          compared++;
          if (inApp !== inCli) differences.push(`${method} ${variant} N=${n}: app ${inApp}, CLI ${inCli}`);
        }
      }
    }
    expect(compared).toBe(2 * 3 * 149);
    expect(differences).toEqual([]);
    // A model trained here that its run did not activate, of a size between the shipped ones, plans nothing unasked.
    const trained = registerModel(app.store, await saveTinyModel(app.dir, 'jampr', 'tw2', 42), false);
    expect(resolveModel(ctx, 'jampr', 'tw2', 42).name).toBe('jampr-tw2-n50');
    app.store.models.activate(trained.id);
    expect(resolveModel(ctx, 'jampr', 'tw2', 42).name).toBe(trained.name);
    app.store.models.deactivate('jampr', 'tw2');
    // Halfway between the trained sizes 20 and 50 the larger one plans.
    expect(resolveModel(ctx, 'jampr', 'tw1', 35).name).toBe('jampr-tw1-n50');
    expect(resolveModel(ctx, 'jampr', 'tw1', 34).name).toBe('jampr-tw1-n20');
  });

  it('plans a 35-customer instance with the same model through the app service and the jampr command', async () => {
    const instance = generateInstances(35, 1, 5)[0];
    const stored = await app.call('instances:save', { instance });
    const viaApp = await app.call('plans:create', { instanceId: stored.id, variant: { name: 'tw2' }, method: 'jampr' });
    const file = join(await cliWorkDir(), 'instance.json');
    await writeFile(file, writeInstanceJson(instance));
    const viaCli = parsePlanJson((await jampr('plan', file, '--variant', 'tw2', '--method', 'jampr')).stdout);
    expect(viaApp.modelName).toBe('jampr-tw2-n50');
    expect(viaCli.model).toBe(viaApp.modelName);
  });

  it('is chosen by the customers planned: orders bigger than a vehicle, left out of the plan, do not count', async () => {
    // 36 customers, two of them above the capacity: 34 are planned, nearer the N=20 model than the N=50 one.
    const day = generateInstances(36, 1, 6)[0];
    const instance = { ...day, customers: day.customers.map((c, i) => (i < 2 ? { ...c, demand: day.capacity + 1 } : c)) };
    const stored = await app.call('instances:save', { instance });
    const viaApp = await app.call('plans:create', { instanceId: stored.id, variant: { name: 'tw1' }, method: 'jampr' });
    const file = join(await cliWorkDir(), 'heavy.json');
    await writeFile(file, writeInstanceJson(instance));
    const viaCli = await jampr('plan', file, '--method', 'jampr').then(
      () => null,
      (failure: { stdout: string }) => parsePlanJson(failure.stdout),
    );
    expect(viaApp.modelName).toBe('jampr-tw1-n20');
    expect(viaCli?.model).toBe(viaApp.modelName);
    expect(viaCli?.routes).toEqual(viaApp.routes);
  });

  it('samples where a sample count is given alone, in the app as with jampr plan --samples, to the same plan', async () => {
    const instance = generateInstances(12, 1, 7)[0];
    const stored = await app.call('instances:save', { instance });
    const viaApp = await app.call('plans:create', { instanceId: stored.id, variant: { name: 'tw1' }, method: 'jampr', samples: 3 });
    const file = join(await cliWorkDir(), 'sampled.json');
    await writeFile(file, writeInstanceJson(instance));
    const viaCli = parsePlanJson((await jampr('plan', file, '--method', 'jampr', '--samples', '3')).stdout);
    expect(viaApp.method).toBe('jampr-sample3');
    expect(viaCli.method).toBe(viaApp.method);
    expect(viaCli.routes).toEqual(viaApp.routes);
  });
});
