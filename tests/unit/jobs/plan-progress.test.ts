import { describe, expect, it } from 'vitest';
import { runPlanJob } from '../../../src/main/jobs/plan.js';
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
});
