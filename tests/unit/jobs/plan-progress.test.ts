import { describe, expect, it } from 'vitest';
import { placingStops, runPlanJob } from '../../../src/main/jobs/plan.js';
import type { Progress } from '../../../src/main/jobs/protocol.js';
import { generateInstance } from '../../../src/main/vrp/generate.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { makeVariant } from '../../../src/shared/domain.js';

describe('a plan job reports its progress', () => {
  it('JAMPR + local search: the model plan fills the first part of the bar and the search the rest, never running back', async () => {
    const fractions: number[] = [];
    const messages: string[] = [];
    await runPlanJob(
      {
        instance: generateInstance(20, createRng(5), 'progress'),
        variant: makeVariant('tw3'),
        method: 'jampr',
        decode: 'greedy',
        improveSec: 0.3,
      },
      {
        signal: new AbortController().signal,
        onProgress: ({ fraction, message }) => {
          fractions.push(fraction);
          messages.push(message);
        },
      },
    );
    expect(fractions.every((f, i) => i === 0 || f >= fractions[i - 1])).toBe(true);
    expect(fractions.at(-1)).toBe(1);
    // The search starts where the model's part ends.
    expect(fractions[messages.indexOf('improving the model plan')]).toBeCloseTo(0.2);
  });

  it('JAMPR greedy: no percentage while the model reads the day, then the share of stops placed, counted in words', async () => {
    const reports: Progress[] = [];
    await runPlanJob(
      { instance: generateInstance(20, createRng(5), 'progress'), variant: makeVariant('tw1'), method: 'jampr', decode: 'greedy' },
      { signal: new AbortController().signal, onProgress: (p) => reports.push(p) },
    );
    // Before the first stop is placed nothing is measured: the bar said 0 % for a minute on a 1,000-stop day.
    expect(reports[0]).toEqual({
      fraction: 0,
      message: "greedy decoding with the model: reading the day's 20 stops…",
      indeterminate: true,
    });
    const placing = reports.filter((p) => p.message.includes('placing stops'));
    expect(placing.length).toBeGreaterThan(0);
    for (const p of placing) {
      const [, placed, total] = /placing stops, (\d+) of (\d+)$/.exec(p.message)!;
      expect(total).toBe('20');
      expect(p.fraction).toBeCloseTo(Number(placed) / 20);
      expect(p.indeterminate).toBeUndefined();
    }
    expect(reports.at(-1)).toMatchObject({ fraction: 1, message: 'done' });
  });

  it("counts a large day's stops without a thousands separator (1000, which no reader of decimal commas takes for one), and a second look at the day on a bar that does not run back", () => {
    expect(placingStops('greedy decoding with the model', 340, 1000)).toEqual({
      fraction: 0.34,
      message: 'greedy decoding with the model: placing stops, 340 of 1000',
    });
    const again = placingStops('greedy decoding with the model', 12, 1000, true);
    expect(again.indeterminate).toBe(true);
    expect(again.message).toBe(
      'greedy decoding with the model: the first plan left customers out, looking again: placing stops, 12 of 1000',
    );
  });
});
