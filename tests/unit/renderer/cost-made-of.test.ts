import { describe, expect, it } from 'vitest';
import { costMadeOf } from '../../../src/renderer/plan/cost-made-of.js';

describe("the cost card's explanation", () => {
  it("splits a lat/lon day's cost into minutes of driving and the price of the windows", () => {
    expect(costMadeOf({ coordinates: { kind: 'geo', speedKmh: 25 } }, { cost: 1151.04, distance: 396.8 })).toBe(
      'Cost 1,151.0: 396.8 minutes of driving at 25 km/h + 754.2 for the time windows (waiting, earliness and lateness, as far as this policy prices them)',
    );
    expect(costMadeOf({}, { cost: 120, distance: 120 })).toBe(
      'Cost 120.0: 120.0 of travel + 0.0 for the time windows (waiting, earliness and lateness, as far as this policy prices them)',
    );
    // The parts add up to the cost as shown (105.04 + 245.3 rounded part by part would read 105.0 + 245.3 = 350.3).
    expect(costMadeOf({}, { cost: 350.34, distance: 104.96 })).toMatch(/^Cost 350\.3: 105\.0 of travel \+ 245\.3 for/);
  });
});
