import { describe, expect, it } from 'vitest';
import { planRequestSchema } from '../../../src/shared/api.js';
import { isMethodChoice, METHOD_OPTIONS, methodRequest } from '../../../src/shared/methods.js';

describe('the method table', () => {
  it('turns every method choice into a request the contract accepts, with and without an effort', () => {
    for (const option of METHOD_OPTIONS) {
      for (const effort of [undefined, option.effort?.max]) {
        const request = { instanceId: 1, variant: { name: 'tw3' }, ...methodRequest(option.id, effort) };
        expect(planRequestSchema.safeParse(request).success, option.id).toBe(true);
      }
    }
  });

  it('maps the rows to methods, decode strategies, samples, local search and time limits', () => {
    expect(methodRequest('jampr-sample', 64.4)).toEqual({ method: 'jampr', decode: 'sample', samples: 64 });
    expect(methodRequest('am-sample')).toEqual({ method: 'am', decode: 'sample', samples: 128 });
    expect(methodRequest('jampr-ls', 3)).toEqual({ method: 'jampr', decode: 'greedy', improveSec: 3 });
    expect(methodRequest('classical', 1.5)).toEqual({ method: 'classical', timeLimitSec: 1.5 });
    expect(methodRequest('random', 7)).toEqual({ method: 'random' });
  });

  it('knows its row names and nothing else', () => {
    expect(METHOD_OPTIONS.every((m) => isMethodChoice(m.id))).toBe(true);
    expect(isMethodChoice('jampr')).toBe(false);
  });
});
