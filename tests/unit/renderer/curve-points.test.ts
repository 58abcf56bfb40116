import { describe, expect, it } from 'vitest';
import type { LearningPoint } from '../../../src/shared/api.js';
import { baselineOnMean, curveCaption, seriesLabel, titleLines, validationAxisTitle } from '../../../src/renderer/training/curve-points.js';

const point = (meanCost: number | null, baselineCost: number | null): LearningPoint =>
  ({ instancesSeen: 64, elapsedSec: 1, meanCost, baselineCost, validationCost: null }) as LearningPoint;

describe('the learning curve legend', () => {
  it('tells a baseline that is the training mean (each day’s own samples) from one that is not', () => {
    expect(baselineOnMean([point(10, 10), point(9.5, 9.5 + 1e-9)])).toBe(true);
    expect(baselineOnMean([point(10, 10), point(9.5, 9.8)])).toBe(false);
    // No baseline drawn (imitation): nothing to say about it.
    expect(baselineOnMean([point(10, null)])).toBe(false);
    expect(baselineOnMean([point(null, 3)])).toBe(false);
  });

  const fmt = (v: number) => v.toFixed(1);
  // A 1-minute run of one step: the start (before any step) and the one step, validated again at the end.
  const oneStep: LearningPoint[] = [
    { instancesSeen: 8224, elapsedSec: 0, meanCost: null, baselineCost: null, validationCost: 1723.5, validationUnserved: 0, steps: 0 },
    {
      instancesSeen: 8240,
      elapsedSec: 50,
      meanCost: 1016.3,
      baselineCost: 1016.3,
      validationCost: 1281.6,
      validationUnserved: 2,
      steps: 1,
    },
  ];

  it('says how many steps the run took, and gives a series of one point its value', () => {
    expect(curveCaption(oneStep)).toBe(
      "1 training step (16 instances) · validation, the mean cost of the model's greedy plans of the held-out days as the Plan view prices them: 1723.5 → 1281.6 (2 customers not served).",
    );
    const at = (x: number, y: number) => ({ x, y });
    expect(seriesLabel('mean cost (training)', [at(8240, 1016.3)], fmt)).toBe('mean cost (training): one point, 1016.3');
    // The last step reported again with the validation after it is still one point.
    expect(seriesLabel('mean cost (training)', [at(8240, 1016.3), at(8240, 1016.3)], fmt)).toBe('mean cost (training): one point, 1016.3');
    expect(seriesLabel('mean cost (training)', [at(8240, 1016.3), at(8256, 990)], fmt)).toBe('mean cost (training)');
    // A run stored before steps were kept says nothing of them rather than guess.
    expect(curveCaption([point(10, 10)])).toBeNull();
  });

  it('writes the validation figures as the verdict writes them: one decimal, no thousands separator', () => {
    const [start, end] = oneStep;
    const points = [
      { ...start, validationCost: 974, validationUnserved: 1 },
      { ...end, validationCost: 1006.8, validationUnserved: 0 },
    ];
    expect(curveCaption(points)).toMatch(/: 974\.0 \(1 customer not served\) → 1006\.8\.$/);
  });

  it('says where its first validation point is on the held-out days as read at the start, not the days the verdict judged', () => {
    const [start, end] = oneStep;
    expect(curveCaption([{ ...start, validationDaysAtStart: true }, end])).toBe(
      "1 training step (16 instances) · validation, the mean cost of the model's greedy plans of the held-out days as the Plan view prices them: 1723.5 on the held-out days as read at the run's start, 1281.6 (2 customers not served) on the days its verdict judged (changed during the run: the two do not compare).",
    );
  });

  it("titles the validation axis by what it measured: the verdict's plan costs, or the model's own units", () => {
    expect(validationAxisTitle(oneStep)).toBe('validation (plan cost, held-out days)');
    const modelUnits = oneStep.map(({ validationUnserved: _, ...p }) => p);
    expect(validationAxisTitle(modelUnits)).toBe('validation (model units)');
    expect(curveCaption(modelUnits)).toMatch(/validation in the model’s own units: it does not compare with plan costs\.$/);
  });
});

describe('the validation axis title', () => {
  // A character 6 px wide, about the chart's 12 px font.
  const width = (line: string) => line.length * 6;
  it('stays one line where the axis is as high as the title is long', () => {
    expect(titleLines('validation (plan cost, held-out days)', 240, width)).toEqual(['validation (plan cost, held-out days)']);
  });
  it('takes more lines where the axis is shorter, its part in brackets kept whole while it fits a line', () => {
    expect(titleLines('validation (plan cost, held-out days)', 180, width)).toEqual(['validation', '(plan cost, held-out days)']);
    expect(titleLines('validation (model units)', 120, width)).toEqual(['validation', '(model units)']);
    for (const line of titleLines('validation (plan cost, held-out days)', 80, width)) expect(width(line)).toBeLessThanOrEqual(80);
    expect(titleLines('validation (plan cost, held-out days)', 80, width)).toEqual(['validation', '(plan cost,', 'held-out', 'days)']);
  });
});
