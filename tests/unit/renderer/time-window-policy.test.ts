import { describe, expect, it } from 'vitest';
import { defaultPolicy, describeVariant, earlyFigure, policyRequest } from '../../../src/renderer/plan/time-window-policy.js';

describe('the time-window policy being edited', () => {
  it('starts from the paper defaults and never sends beta for hard windows', () => {
    expect(defaultPolicy('tw3')).toEqual({ name: 'tw3', alpha: 0.1, beta: 0.5 });
    expect(policyRequest(defaultPolicy('tw1'))).toEqual({ name: 'tw1', alpha: 1 });
    expect(policyRequest({ name: 'tw2', alpha: 0, beta: 2 })).toEqual({ name: 'tw2', alpha: 0, beta: 2 });
  });

  it('describes a variant with the prices it has (hard windows have no lateness price)', () => {
    expect(describeVariant({ name: 'tw3', alpha: 0.1, beta: 0.5, penalty: 'linear' })).toBe('soft (α 0.1, β 0.5)');
    expect(describeVariant({ name: 'tw1', alpha: 1, penalty: 'linear' })).toBe('hard (α 1)');
    expect(describeVariant({ name: 'tw3', alpha: 0.1, beta: 0.5, penalty: 'quadratic' })).toBe('soft (α 0.1, β 0.5, quadratic)');
    expect(describeVariant({ name: 'tw1', alpha: 1, penalty: 'quadratic' })).toBe('hard (α 1, quadratic)');
  });

  it('shows early arrivals as the wait where the policy waits, as earliness where it serves at once and prices it', () => {
    expect(earlyFigure('tw1')).toEqual({ key: 'wait', label: 'Wait' });
    expect(earlyFigure('tw2')).toEqual({ key: 'wait', label: 'Wait' });
    expect(earlyFigure('tw3')).toEqual({ key: 'early', label: 'Earliness' });
  });
});
