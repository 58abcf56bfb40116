import { describe, expect, it } from 'vitest';
import { costMadeOf } from '../../../src/renderer/plan/cost-made-of.js';

describe("the cost card's explanation", () => {
  it("splits a lat/lon day's cost into minutes of driving and the price of the windows", () => {
    expect(costMadeOf({ coordinates: { kind: 'geo', speedKmh: 25 } }, { cost: 1151.04, distance: 396.8 })).toBe(
      "Cost 1,151.0: 396.8 minutes of driving at 25 km/h + 754.2 for the time windows (the policy's price on waiting, earliness and lateness)",
    );
    expect(costMadeOf({}, { cost: 120, distance: 120 })).toBe(
      "Cost 120.0: 120 of travel + 0 for the time windows (the policy's price on waiting, earliness and lateness)",
    );
  });
});
