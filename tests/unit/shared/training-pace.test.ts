/**
 * The run-time estimate scaled to this machine by the runs its store holds (training-pace.ts): a real SQLite store with
 * days and runs recorded as the training service records them (start, points, finish), read back as training:list
 * gives them to the Training form.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../../src/main/store/index.js';
import { generateInstances } from '../../../src/main/vrp/generate.js';
import type { TrainingStatus } from '../../../src/shared/api-models.js';
import { machinePace, PACE_RUNS } from '../../../src/shared/training-pace.js';
import { firstStepEndSec, runTime, runTimeNotice } from '../../../src/shared/training-time.js';

let store: Store;
beforeEach(() => {
  store = openStore(join(mkdtempSync(join(tmpdir(), 'jampr-pace-')), 'app.sqlite'));
});
afterEach(() => store.close());

const stopsOf = (id: number) => store.instances.get(id)?.instance.customers.length;
/** Stored days of `stops` customers each: their ids, in the order stored. */
const days = (count: number, stops: number) => generateInstances(stops, count, stops).map((day) => store.instances.insert(day, 'json').id);

/**
 * A run recorded as the service records one: its start point (no step yet), its first step's point after
 * `pace` times the seconds the estimate gives the loaded two-core machine, a later point, and its end.
 */
function recordRun(size: number, instanceIds: number[], pace: number | null, status: TrainingStatus = 'done', minutes = 2) {
  const run = store.trainingRuns.start({ variant: 'tw1', size, instanceIds, minutes });
  const point = { meanCost: 10, baselineCost: 10, validationCost: null };
  store.trainingRuns.appendPoint(run.id, { ...point, instancesSeen: 0, elapsedSec: 0, meanCost: null, validationCost: 9, steps: 0 });
  if (pace !== null) {
    const stops = instanceIds.map((id) => stopsOf(id)!);
    const shape = { size, learnStops: stops.slice(0, 2), heldOutStops: stops.slice(2), fromScratch: false };
    const firstSec = pace * firstStepEndSec(shape, minutes);
    store.trainingRuns.appendPoint(run.id, { ...point, instancesSeen: 2, elapsedSec: firstSec, steps: 1 });
    store.trainingRuns.appendPoint(run.id, { ...point, instancesSeen: 4, elapsedSec: firstSec + 5, steps: 2 });
  }
  if (status !== 'running') store.trainingRuns.finish(run.id, status, null, null);
}

/** A run at 100 customers on one day of 120 stops: three minutes at the loaded two-core machine's pace. */
const big = { size: 100, learnStops: [120], heldOutStops: [], fromScratch: false };

describe("the run-time estimate at this machine's pace", () => {
  it("keeps the two-core machine's seconds, and says so, where no stored run took a step", () => {
    const five = days(5, 120);
    recordRun(100, five, null); // ended before its first step
    recordRun(100, five, 0.3, 'running'); // still running
    expect(machinePace(store.trainingRuns.list(), 100, stopsOf)).toBeNull();
    const notice = runTimeNotice(big, 1);
    expect(notice.shortestMinutes).toBe(runTime(big).shortestMinutes);
    expect(notice.text).toMatch(/\(estimated for a busy two-core machine; a faster one needs less\)\.$/);
  });

  it("scales the estimate by the median pace of the latest runs at its size, and says it was this machine's", () => {
    const five = days(5, 120);
    // Older runs first: the oldest at 100 customers is left out of the latest PACE_RUNS.
    recordRun(100, five, 5);
    for (const pace of [0.3, 0.4, 0.9, 0.35, 0.5]) recordRun(100, five, pace);
    // Another size's runs do not count: the estimate's growth with the size is its own.
    recordRun(20, five, 2, 'cancelled');
    const runs = store.trainingRuns.list();
    const pace = machinePace(runs, 100, stopsOf);
    expect(pace?.runs).toBe(PACE_RUNS);
    expect(pace?.factor).toBeCloseTo(0.4, 6);
    expect(machinePace(runs, 50, stopsOf)).toBeNull();
    expect(machinePace(runs, 20, stopsOf)).toEqual({ factor: 2, runs: 1 });
    const scaled = runTimeNotice(big, 1, { pace: pace! });
    const slow = runTime(big);
    expect(runTime(big, pace!).validationSec).toBeCloseTo(0.4 * slow.validationSec, 6);
    expect(scaled.shortestMinutes).toBeLessThan(slow.shortestMinutes);
    expect(scaled.text).toContain(
      `Give it at least ${scaled.shortestMinutes} min (estimated from how fast the 5 latest runs here took their first step).`,
    );
  });

  it('leaves out a run whose days were deleted since, whose stops it no longer knows', () => {
    const five = days(5, 120);
    recordRun(100, five, 0.5);
    const gone = days(5, 120);
    recordRun(100, gone, 0.2);
    store.instances.delete(gone[0]);
    expect(machinePace(store.trainingRuns.list(), 100, stopsOf)).toEqual({ factor: 0.5, runs: 1 });
    const notice = runTimeNotice(big, 0.5, { pace: { factor: 0.5, runs: 1 } });
    expect(notice.text).toMatch(/\(estimated from how fast the latest run here took its first step\)\.$/);
  });
});
