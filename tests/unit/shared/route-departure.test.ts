import { describe, expect, it } from 'vitest';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { writePlanCsv } from '../../../src/main/vrp/io/csv-write.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { makeVariant, routeDeparture } from '../../../src/shared/domain.js';

describe("the driver's leave time", () => {
  it('is a whole minute no later than the plan allows, so a window that opens and closes at once is met', () => {
    // 7.1 minutes from the depot to a stop open 11:00–11:00 on a 07:00 shift: the exact leave time is 10:52.9.
    const day = buildProblem({
      name: 'zero window',
      capacity: 10,
      vehicles: 1,
      clockTimes: true,
      depot: { id: 'D', x: 0, y: 0, ready: 7 * 60, due: 18 * 60 },
      customers: [{ id: 'Z', x: 7.1, y: 0, demand: 1, ready: 11 * 60, due: 11 * 60, service: 10 }],
    });
    const [route] = evaluatePlan(day, [['Z']], makeVariant('tw1')).routes;
    const leave = routeDeparture(route, 7 * 60);
    expect(leave).toBe(10 * 60 + 52);
    expect(leave + 7.1).toBeLessThanOrEqual(11 * 60);
  });

  it('is not offered in the plan CSV where a wait under a minute leaves it at the shift start', () => {
    const day = {
      name: 'short wait',
      capacity: 10,
      vehicles: 1,
      clockTimes: true,
      depot: { id: 'D', x: 0, y: 0, ready: 8 * 60, due: 18 * 60 },
      customers: [{ id: 'E', x: 10, y: 0, demand: 1, ready: 8 * 60 + 10.5, due: 12 * 60, service: 5 }],
    };
    const evaluation = evaluatePlan(buildProblem(day), [['E']], makeVariant('tw1'));
    expect(evaluation.routes[0].stops[0].wait).toBeCloseTo(0.5, 9);
    expect(writePlanCsv(day, evaluation, 'tw1')).not.toMatch(/can leave at/);
  });

  it('is the shift start where the first stop has no wait, even on a shift that starts between whole minutes', () => {
    expect(routeDeparture({ stops: [{ wait: 0 }] } as never, 12.5)).toBe(12.5);
    expect(routeDeparture({ stops: [] }, 480)).toBe(480);
  });
});
