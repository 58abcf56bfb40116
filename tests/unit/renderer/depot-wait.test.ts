import { describe, expect, it } from 'vitest';
import { makeVariant } from '../../../src/shared/domain.js';
import { depotWait, depotWaitTitle } from '../../../src/renderer/plan/depot-wait.js';

describe("what the cost makes of a driver's time at the depot", () => {
  it('is priced where the policy prices waiting, and free under partly soft windows at α 0', () => {
    expect(depotWait(makeVariant('tw1')).short).toBe('priced as wait');
    expect(depotWait(makeVariant('tw2')).long).toBe('waiting is free under partly soft windows at α 0');
    expect(depotWait(makeVariant('tw2', { alpha: 0.5 })).short).toBe('priced as wait');
    expect(depotWait(makeVariant('tw1', { alpha: 0 })).short).toBe('waiting is free');
    expect(depotWait(makeVariant('tw3')).short).toBe('not priced');
  });

  it("is said in Compare's tooltip by each plan's policy, once where both say the same", () => {
    const lead = 'Drivers who leave later spend this at the depot';
    expect(depotWaitTitle(makeVariant('tw2'), makeVariant('tw2'))).toBe(`${lead}; waiting is free under partly soft windows at α 0`);
    expect(depotWaitTitle(makeVariant('tw1'), makeVariant('tw2'))).toBe(
      `${lead}; A: the plan's cost counts this time as waiting; B: waiting is free under partly soft windows at α 0`,
    );
  });
});
