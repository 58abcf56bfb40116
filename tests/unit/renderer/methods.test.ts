import { describe, expect, it } from 'vitest';
import { defaultPolicy, describeVariant, METHOD_OPTIONS, methodRequest, policyRequest } from '../../../src/renderer/plan/methods.js';
import { planRequestSchema } from '../../../src/shared/api.js';

describe('planning methods and policies', () => {
  it('turns every method choice into a request the contract accepts', () => {
    for (const option of METHOD_OPTIONS) {
      const request = {
        instanceId: 1,
        variant: policyRequest(defaultPolicy('tw3')),
        ...methodRequest(option.id, option.effort?.default ?? 0),
      };
      expect(planRequestSchema.safeParse(request).success, option.id).toBe(true);
    }
  });

  it('maps the JAMPR variants to decode strategies and local search', () => {
    expect(methodRequest('jampr-sample', 64.4)).toEqual({ method: 'jampr', decode: 'sample', samples: 64 });
    expect(methodRequest('jampr-ls', 3)).toEqual({ method: 'jampr', decode: 'greedy', improveSec: 3 });
    expect(methodRequest('classical', 1.5)).toEqual({ method: 'classical', timeLimitSec: 1.5 });
  });

  it('starts from the paper defaults and never sends beta for hard windows', () => {
    expect(defaultPolicy('tw3')).toEqual({ name: 'tw3', alpha: 0.1, beta: 0.5 });
    expect(policyRequest(defaultPolicy('tw1'))).toEqual({ name: 'tw1', alpha: 1 });
    expect(policyRequest({ name: 'tw2', alpha: 0, beta: 2 })).toEqual({ name: 'tw2', alpha: 0, beta: 2 });
  });

  it('describes a variant with the prices it has (hard windows have no lateness price)', () => {
    expect(describeVariant({ name: 'tw3', alpha: 0.1, beta: 0.5, penalty: 'linear' })).toBe('soft (α 0.1, β 0.5)');
    expect(describeVariant({ name: 'tw1', alpha: 1, penalty: 'linear' })).toBe('hard (α 1)');
  });
});
