import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inProcessRunner } from '../../src/main/jobs/in-process.js';
import { registerModel } from '../../src/main/services/models.js';
import type { TrainingRun } from '../../src/shared/api.js';
import { MIN_TRAINING_MINUTES } from '../../src/shared/limits.js';
import { createRng } from '../../src/main/vrp/rng.js';
import { createTestApp, type TestApp } from './fixtures/services.js';
import { saveTinyModel, tinyInstance } from '../unit/jampr/fixtures.js';

let app: TestApp;
afterEach(() => app?.close());

/**
 * Six tiny days stored (the last three held out), a run started on them with the real trainer, `during` done to a
 * held-out day while it trains (another window), and the run stopped after its first step (its model is still judged),
 * or with `finish` left to run its minutes to the end.
 */
async function runWith(
  during: (heldOut: number[]) => Promise<void>,
  { finish = false, fromScratch = true } = {},
): Promise<{ ended: TrainingRun; heldOut: number[] }> {
  app = createTestApp(inProcessRunner());
  // The model the held-out days are compared with: the run's start model unless it starts from scratch.
  registerModel(app.store, await saveTinyModel(join(app.dir, 'n6'), 'jampr', 'tw1', 6), false);
  const rng = createRng(21);
  const ids: number[] = [];
  for (let i = 0; i < 6; i++) ids.push((await app.call('instances:save', { instance: { ...tinyInstance(6, rng), name: `day-${i}` } })).id);
  // From untrained weights: no pair bias to fit first, so the first step comes within seconds.
  const request = { variant: 'tw1', size: 6, instanceIds: ids, minutes: MIN_TRAINING_MINUTES, name: 'new', fromScratch } as const;
  const run = await app.call('training:start', request);
  const heldOut = ids.slice(3);
  await during(heldOut);
  const stepped = () =>
    app.events.some(
      (e) => e.event === 'training:progress' && (e.payload as { point?: { meanCost: number | null } }).point?.meanCost != null,
    );
  const finished = () => app.events.find((e) => e.event === 'training:finished')?.payload as { run: TrainingRun } | undefined;
  if (finish) {
    while (!finished()) await new Promise((r) => setTimeout(r, 50));
    return { ended: finished()!.run, heldOut };
  }
  while (!stepped() && !finished()) await new Promise((r) => setTimeout(r, 20));
  return { ended: await app.call('training:cancel', { id: run.id }), heldOut };
}

/** The greedy plans of these days as stored now by the model given (else the one that plans them today): mean cost, unserved. */
async function plansOf(ids: number[], modelId?: number): Promise<{ cost: number; unserved: number }> {
  let cost = 0;
  let unserved = 0;
  for (const instanceId of ids) {
    const { evaluation } = await app.call('plans:create', {
      instanceId,
      variant: { name: 'tw1' },
      method: 'jampr',
      decode: 'greedy',
      modelId,
    });
    cost += evaluation.cost / ids.length;
    unserved += evaluation.violations.filter((v) => v.kind === 'unserved').length;
  }
  return { cost, unserved };
}

/** The new model's figure and the current one's in the verdict ("…(“day-3”, …): 12.3 against 14.5 for …"). */
const figures = (verdict: string | null) => {
  const m = verdict?.match(/\):? ([\d,.]+)(?: \(\d+ customers? not served\))? against ([\d,.]+)/);
  expect(m, verdict ?? '').not.toBeNull();
  return { fresh: Number(m![1].replace(/,/g, '')), current: Number(m![2].replace(/,/g, '')) };
};

/** The learning curve's first validation point of the run as stored (the model it started from). */
const firstValidated = (run: TrainingRun) => run.points.find((p) => p.validationCost !== null)!;

/** The learning curve's last validation point of the run as stored. */
const lastValidated = (run: TrainingRun) => run.points.filter((p) => p.validationCost !== null).at(-1)!;

describe('held-out days changed while a run trains', () => {
  it('judges a held-out day edited during the run as stored at its end, leaves a deleted one out, and ends the curve on the verdict', async () => {
    const other = tinyInstance(6, createRng(99));
    const { ended, heldOut } = await runWith(async ([, edited, deleted]) => {
      // The dispatcher corrects one day in another window (other customers, other windows), and deletes another.
      const stored = await app.call('instances:get', { id: edited });
      await app.call('instances:save', { id: edited, instance: { ...stored.instance, customers: other.customers } });
      await app.call('instances:delete', { id: deleted });
    });
    expect(ended.verdict).toContain(
      '(“day-3”, “day-4”; “day-5” was deleted during the run and is left out; “day-4” was changed during the run and is judged as stored now)',
    );
    const judging = (e: TestApp['events'][number]) => e.event === 'training:progress' && (e.payload as { phase?: string }).phase;
    expect(app.events.map(judging)).toContain('judging “day-4” as stored now: changed during the run');
    // Its figures are the Plan view's of the days still stored, as they are now, by each model.
    const still = heldOut.slice(0, 2);
    const fresh = await plansOf(still, ended.modelId!);
    const figure = figures(ended.verdict);
    expect(figure.fresh).toBeCloseTo(fresh.cost, 1);
    expect(figure.current).toBeCloseTo((await plansOf(still)).cost, 1);
    // And the learning curve ends where the verdict does (it measured the three days as read at the start).
    expect(lastValidated(ended).validationCost).toBeCloseTo(fresh.cost, 6);
    expect(lastValidated(ended).validationUnserved).toBe(fresh.unserved);
    // From untrained weights its first point cannot be measured again on those days: it says it is on the days as read at the start.
    expect(firstValidated(ended).validationDaysAtStart).toBe(true);
    expect(lastValidated(ended).validationDaysAtStart).toBeUndefined();
  }, 60_000);

  it('begins the curve of a run from the model compared with on the days judged: its first point is the verdict’s figure for that model', async () => {
    const other = tinyInstance(6, createRng(99));
    const { ended } = await runWith(
      async ([, edited, deleted]) => {
        const stored = await app.call('instances:get', { id: edited });
        await app.call('instances:save', { id: edited, instance: { ...stored.instance, customers: other.customers } });
        await app.call('instances:delete', { id: deleted });
      },
      { fromScratch: false },
    );
    expect(ended.verdict).toContain('“day-4” was changed during the run and is judged as stored now');
    const { fresh, current } = figures(ended.verdict);
    // The caption's start and end are then on the same days as the verdict's two figures, and read as they do.
    expect(firstValidated(ended).validationCost).toBeCloseTo(current, 1);
    expect(firstValidated(ended).validationDaysAtStart).toBeUndefined();
    expect(lastValidated(ended).validationCost).toBeCloseTo(fresh, 1);
  }, 120_000);

  it('gives the Models table the figure its verdict gave for a run that ran to its end with a held-out day edited during it', async () => {
    const other = tinyInstance(6, createRng(99));
    const { ended } = await runWith(
      async ([, edited]) => {
        const stored = await app.call('instances:get', { id: edited });
        await app.call('instances:save', { id: edited, instance: { ...stored.instance, customers: other.customers } });
      },
      { finish: true },
    );
    expect(ended.status, ended.error ?? '').toBe('done');
    expect(ended.verdict).toContain('“day-4” was changed during the run and is judged as stored now');
    const fresh = figures(ended.verdict).fresh;
    expect(lastValidated(ended).validationCost).toBeCloseTo(fresh, 1);
    // The table's column is the card's last validation point: the verdict's figure, in the store and in the folder.
    const model = (await app.call('models:list', {})).find((m) => m.id === ended.modelId)!;
    expect(model.card.validationCost).toBeCloseTo(fresh, 1);
    const card = JSON.parse(readFileSync(join(model.folder, 'card.json'), 'utf8')) as { validation: { curve: { cost: number }[] } };
    expect(card.validation.curve.at(-1)!.cost).toBeCloseTo(fresh, 1);
  }, 120_000);

  it('quotes a held-out day renamed during the run by its name now', async () => {
    const { ended } = await runWith(async ([renamed]) => {
      const stored = await app.call('instances:get', { id: renamed });
      await app.call('instances:save', { id: renamed, instance: { ...stored.instance, name: 'Monday north' } });
    });
    // Planned alike, it is judged as it was, under the name the dispatcher gave it.
    expect(ended.verdict).toContain('(“Monday north”, “day-4”, “day-5”)');
    expect(ended.verdict).not.toContain('day-3');
  }, 60_000);
});
