import { describe, expect, it } from 'vitest';
import { trainVerdict, type VerdictInput } from '../../../src/cli/train-verdict.js';

const heldOut = ['day-4', 'day-5', 'day-6'];
const input = (comparison: VerdictInput['result']['comparison'], more: Partial<VerdictInput> = {}): VerdictInput => ({
  name: 'mine',
  out: 'models/mine',
  result: { outDir: '/x/models/mine', cancelled: false, comparison, validation: { start: 50, end: 40 } },
  heldOut,
  days: 6,
  compared: 'jampr-tw1-n20',
  from: 'jampr-tw1-n20',
  ...more,
});
/** Three held-out days that each cost the same to each model. */
const figures = (newCost: number, newUnserved: number, currentCost: number | null = 100, currentUnserved: number | null = 0) => ({
  days: 3,
  newCosts: [newCost, newCost, newCost],
  newUnserved,
  newUnservedByDay: [newUnserved, 0, 0],
  currentCosts: currentCost === null ? null : [currentCost, currentCost, currentCost],
  currentUnserved,
  currentUnservedByDay: currentUnserved === null ? null : [currentUnserved, 0, 0],
});

describe("jampr train's verdict, by the Training tab's rule", () => {
  it('is better only where it leaves fewer customers unserved, or as few at a lower cost day by day', () => {
    expect(trainVerdict(input(figures(90, 0)))).toEqual({
      better: true,
      said: 'mine is better than jampr-tw1-n20: mean cost of its greedy plans of 3 held-out days (“day-4”, “day-5”, “day-6”) 90.0 against 100.0 for jampr-tw1-n20, day by day 10.0 % less (the geometric mean of the per-day cost ratios, which judges it); plan with it: jampr plan --model models/mine',
    });
    expect(trainVerdict(input(figures(1200, 0, 1100, 2)))?.better).toBe(true);
    expect(trainVerdict(input(figures(110, 0)))).toEqual({
      better: false,
      said: 'mine is not better than jampr-tw1-n20: mean cost of its greedy plans of 3 held-out days (“day-4”, “day-5”, “day-6”) 110.0 against 100.0 for jampr-tw1-n20, day by day 10.0 % more (the geometric mean of the per-day cost ratios, which judges it); keep planning with jampr-tw1-n20: mine is kept in models/mine and plans only where asked for (jampr plan --model models/mine)',
    });
    expect(trainVerdict(input(figures(90, 1)))?.said).toMatch(/^mine is not better than .* 90\.0 \(1 customer not served\) against 100\.0/);
  });

  it('judges no better on too few held-out days, nor a run stopped before its end', () => {
    const two = {
      days: 2,
      newCosts: [90, 90],
      newUnserved: 0,
      newUnservedByDay: [0, 0],
      currentCosts: [100, 100],
      currentUnserved: 0,
      currentUnservedByDay: [0, 0],
    };
    expect(trainVerdict(input(two, { heldOut: ['day-4', 'day-5'], days: 5 }))).toEqual({
      better: null,
      said: 'mine is not judged better: 2 held-out days are too few to judge it by (at least 3; give --instances 4 or more days); mean cost of its greedy plans of 2 held-out days (“day-4”, “day-5”) 90.0 against 100.0 for jampr-tw1-n20, day by day 10.0 % less (the geometric mean of the per-day cost ratios, which judges it); it is kept in models/mine and plans only where asked for (jampr plan --model models/mine)',
    });
    expect(trainVerdict(input({ ...two, newCosts: [120, 120] }, { days: 5 }))?.better).toBe(false);
    const stopped = trainVerdict(
      input(figures(90, 0), {
        result: { outDir: '/x/models/mine', cancelled: true, comparison: figures(90, 0), validation: { start: 50, end: null } },
      }),
    );
    expect(stopped).toMatchObject({
      better: null,
      said: expect.stringMatching(/^mine is not judged better: the run was stopped before its end; /),
    });
  });

  it('says in one line that a stopped run was not compared on its held-out days, judging nothing', () => {
    const stopped = { outDir: '/x/models/mine', cancelled: true, comparison: null, validation: { start: 50, end: 60 } };
    expect(trainVerdict(input(null, { result: stopped }))).toEqual({
      better: null,
      said: 'mine is not judged: the run was stopped, so it was not compared with jampr-tw1-n20 on the 3 held-out days; it is kept in models/mine and plans only where asked for (jampr plan --model models/mine)',
    });
  });

  it('says where nothing was compared, and says nothing where nothing was written or no days were given', () => {
    expect(trainVerdict(input(null, { heldOut: [], days: 1 }))).toEqual({
      better: null,
      said: 'mine was not compared with another model: 1 day in --instances holds none out to compare on (give at least 2); it is kept in models/mine and plans only where asked for (jampr plan --model models/mine)',
    });
    expect(trainVerdict(input(figures(90, 0, null, null), { compared: null }))?.said).toBe(
      'mine had no model to compare with; mean cost of its greedy plans of 3 held-out days (“day-4”, “day-5”, “day-6”): 90.0; it is kept in models/mine and plans only where asked for (jampr plan --model models/mine)',
    );
    expect(trainVerdict(input(null, { heldOut: [], days: 0 }))).toBeNull();
    expect(
      trainVerdict(
        input(figures(90, 0), { result: { outDir: null, cancelled: true, comparison: null, validation: { start: 50, end: null } } }),
      ),
    ).toBeNull();
  });

  it('says a model that ends worse on its own validation instances is not better, where no day was held out: however short the run', () => {
    const worse = { outDir: '/x/models/mine', cancelled: false, comparison: null, validation: { start: 900.04, end: 912.36 } };
    expect(trainVerdict(input(null, { result: worse, heldOut: [], days: 1 }))).toEqual({
      better: false,
      said: 'mine is not better than jampr-tw1-n20: it plans its validation instances worse than when this run started (greedy cost 900.0 -> 912.4); keep planning with jampr-tw1-n20: mine is kept in models/mine and plans only where asked for (jampr plan --model models/mine)',
    });
    // From untrained weights (no --from, the generator's instances): nothing was kept to plan with instead.
    expect(trainVerdict(input(null, { result: worse, heldOut: [], days: 0, compared: null, from: null }))).toEqual({
      better: false,
      said: 'mine is not better than the untrained weights it started from: it plans its validation instances worse than when this run started (greedy cost 900.0 -> 912.4); the untrained weights it started from were not kept: train longer, or start --from a shipped model; it is kept in models/mine and plans only where asked for (jampr plan --model models/mine)',
    });
  });
});
