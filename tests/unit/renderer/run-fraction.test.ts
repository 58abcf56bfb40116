import { describe, expect, it } from 'vitest';
import type { TrainingRun } from '../../../src/shared/api.js';
import { runFraction } from '../../../src/renderer/training/run-fraction.js';

const started = Date.parse('2026-11-28T10:00:00.000Z');
const run = (status: TrainingRun['status'], elapsedSecs: number[] = []): TrainingRun =>
  ({
    id: 1,
    status,
    createdAt: new Date(started).toISOString(),
    config: { minutes: 10 },
    points: elapsedSecs.map((elapsedSec) => ({ elapsedSec, instancesSeen: 0, meanCost: null, baselineCost: null, validationCost: null })),
  }) as unknown as TrainingRun;

describe('the training progress bar', () => {
  it('moves with the clock while a running run sends no event, short of the end', () => {
    // Two minutes into a ten-minute budget, still measuring the starting model: no event yet.
    expect(runFraction(run('running'), 0, started + 120_000)).toBeCloseTo(0.2);
    expect(runFraction(run('running'), 0, started + 11 * 60_000)).toBe(0.99);
  });

  it("takes the run's own event or stored points where they are further than the clock", () => {
    expect(runFraction(run('running'), 0.5, started + 60_000)).toBe(0.5);
    expect(runFraction(run('running', [360]), 0, started + 60_000)).toBeCloseTo(0.6);
    // The end is the run's event's to mark, not the clock's.
    expect(runFraction(run('running'), 1, started + 11 * 60_000)).toBe(1);
  });

  it('shows a run that is over as far as it got, whatever the clock', () => {
    expect(runFraction(run('done', [300]), 0, started + 3_600_000)).toBe(1);
    expect(runFraction(run('cancelled', [150]), 0, started + 3_600_000)).toBeCloseTo(0.25);
    expect(runFraction(run('failed'), 0, started + 3_600_000)).toBe(0);
    expect(runFraction(null, 0.4, started)).toBe(0);
  });
});
