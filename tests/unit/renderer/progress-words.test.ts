import { describe, expect, it } from 'vitest';
import { progressShown } from '../../../src/renderer/panels/progress-words.js';

describe('the progress card', () => {
  it('shows no percentage while the share of the work cannot be told, only what goes on', () => {
    const reading = { fraction: 0, message: "greedy decoding with the model: reading the day's 1000 stops…", indeterminate: true };
    expect(progressShown('Planning', reading)).toEqual({
      percent: null,
      said: "Planning: greedy decoding with the model: reading the day's 1000 stops…",
    });
  });

  it('shows and says the share done once it is measured', () => {
    const placing = { fraction: 0.3404, message: 'greedy decoding with the model: placing stops, 340 of 1,000' };
    expect(progressShown('Planning', placing)).toEqual({
      percent: 34,
      said: 'Planning: 34 %, greedy decoding with the model: placing stops, 340 of 1,000',
    });
    expect(progressShown('Planning', { fraction: 1.2, message: ' ' })).toEqual({ percent: 100, said: 'Planning: 100 %' });
  });
});
