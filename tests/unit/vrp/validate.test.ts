import { describe, expect, it } from 'vitest';
import { type Customer, type Instance, makeVariant } from '../../../src/shared/domain.js';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { AppError } from '../../../src/shared/errors.js';
import { buildProblem, checkInstance, instanceWarnings, validateInstance } from '../../../src/main/vrp/validate.js';

const customer = (id: string, over: Partial<Customer> = {}): Customer => ({
  id,
  x: 3,
  y: 4,
  demand: 5,
  ready: 10,
  due: 50,
  service: 2,
  ...over,
});

/** Depot at the origin, shift [0, 100]; customer '1' is 5 away. */
const instance = (customers: Customer[], over: Partial<Instance> = {}): Instance => ({
  name: 'tiny',
  capacity: 10,
  vehicles: 2,
  depot: { id: 'D', x: 0, y: 0, ready: 0, due: 100 },
  customers,
  ...over,
});

/** Validation takes unknown input, so tests can inject wrongly typed fields. */
const problemsOf = (value: unknown) => validateInstance(value);

describe('validateInstance', () => {
  it('accepts a valid instance', () => {
    expect(validateInstance(instance([customer('1'), customer('2', { x: -6, y: 8 })]))).toEqual([]);
  });

  it('rejects a customer whose ready time is after its due time, naming both and the customer', () => {
    expect(problemsOf(instance([customer('17', { ready: 500, due: 400 })]))).toContain(
      'ready time 500 is after due time 400 for customer 17',
    );
  });

  it('rejects duplicate customer ids and a customer that reuses the depot id', () => {
    const problems = problemsOf(instance([customer('1'), customer('1'), customer('D')]));
    expect(problems).toContain('duplicate id: customer 1 appears 2 times: give each stop its own id');
    expect(problems).toContain("duplicate id: customer D has the depot's id: give the customer an id of its own");
  });

  it('takes customer ids that differ only by letter case, and warns once per set, naming every one of them', () => {
    const day = instance([customer('K004'), customer('2'), customer('k004'), customer('K004 ', { x: 4 }), customer('a'), customer('A')], {
      vehicles: 6,
    });
    const { problems, warnings } = checkInstance(day);
    // 'K004 ' is 'K004' as a CSV file reads it back: that is the problem already told, not a second warning.
    expect(problems).toEqual([
      "duplicate id: customer ids 'K004' and 'K004 ' differ only by spaces at their ends, which a CSV file does not keep: rename all but one",
    ]);
    expect(warnings).toEqual([
      "customer ids 'K004', 'k004' and 'K004 ' differ only by letter case, which a spreadsheet or a driver takes for one order: if they are different stops, rename one; if one order entered twice, remove one",
      "customer ids 'a' and 'A' differ only by letter case, which a spreadsheet or a driver takes for one order: if they are different stops, rename one; if one order entered twice, remove one",
    ]);
    expect(checkInstance(instance([customer('K004'), customer('k004')])).problems, 'both stay: a warning, not a problem').toEqual([]);
    expect(instanceWarnings(instance([customer('K004'), customer('K005')]))).toEqual([]);
  });

  it("warns of customer ids that differ from the depot's id only by letter case, and keeps the exact clash a problem", () => {
    const depot = { id: 'DEP', x: 0, y: 0, ready: 0, due: 100 };
    const day = (...ids: string[]) =>
      checkInstance(
        instance(
          ids.map((id) => customer(id)),
          { depot, vehicles: 6 },
        ),
      );
    const one = day('dep', '1');
    expect(one.problems, 'a warning, not a problem: the planner tells the depot apart').toEqual([]);
    expect(one.warnings).toEqual([
      "customer id 'dep' and the depot's id 'DEP' differ only by letter case, which a spreadsheet or a driver takes for the depot: give the customer an id of its own",
    ]);
    // Several customers: one warning names them all, not a second one for their own case twins.
    expect(day('dep', 'Dep').warnings).toEqual([
      "customer ids 'dep', 'Dep' and the depot's id 'DEP' differ only by letter case, which a spreadsheet or a driver takes for the depot: give each customer an id of its own",
    ]);
    // The depot's id exactly, or with spaces a CSV file does not keep, is the problem already told: no warning about it.
    const exact = day('DEP');
    expect(exact.problems).toEqual(["duplicate id: customer DEP has the depot's id: give the customer an id of its own"]);
    expect(exact.warnings).toEqual([]);
    expect(day('DEP ').warnings).toEqual([]);
    expect(day('DEP', 'dep').warnings).toEqual([
      "customer id 'dep' and the depot's id 'DEP' differ only by letter case, which a spreadsheet or a driver takes for the depot: give the customer an id of its own",
    ]);
  });

  it('rejects negative demand and negative service time', () => {
    const problems = problemsOf(instance([customer('4', { demand: -1, service: -3 })]));
    expect(problems).toContain('demand -1 is negative for customer 4: write 0 or more');
    expect(problems).toContain('service time -3 is negative for customer 4: write 0 or more');
  });

  it('takes a customer whose order is more than a vehicle carries, and warns that no plan serves it and what to do', () => {
    // Two vehicles of 10: the rest of the day (5) fits, so the fleet is not said to be short for it.
    const day = instance([customer('9', { demand: 11 }), customer('1')]);
    expect(problemsOf(day)).toEqual([]);
    expect(instanceWarnings(day)).toEqual([
      "customer 9 cannot be served: its demand is more than a vehicle's capacity of 10 (demand 11), so every plan leaves it unserved; split the order into loads of at most 10, or raise the capacity",
    ]);
    // Its window out of reach as well: the order is the reason that counts (soft windows would not serve it late).
    expect(instanceWarnings(instance([customer('9', { demand: 11, ready: 0, due: 2 })]))).toEqual([
      expect.stringMatching(/^customer 9 cannot be served: its demand is more than a vehicle's capacity of 10 \(demand 11\)/),
    ]);
  });

  it("warns of an order no vehicle carries in the words of the plan's reason for leaving it out", () => {
    const day = instance([customer('9', { demand: 1500 }), customer('1')], { capacity: 1000 });
    const plan = evaluatePlan(buildProblem(day), [['1']], makeVariant('tw1'));
    const reason = plan.violations.find((v) => v.customerId === '9')?.message.replace('customer 9 is not served: ', '');
    expect(reason).toBe("its demand is more than a vehicle's capacity of 1000 (demand 1500)");
    expect(instanceWarnings(day)[0]).toContain(`customer 9 cannot be served: ${reason}, so every plan leaves it unserved`);
  });

  it('says the fleet is short only for the orders a vehicle carries, and that the order no vehicle carries is aside', () => {
    const short = instance([customer('9', { demand: 11 }), customer('1', { demand: 10 }), customer('2', { demand: 10, x: 6, y: 8 })], {
      vehicles: 1,
    });
    expect(instanceWarnings(short)).toContain(
      "The day's demand 20 (besides the order no vehicle carries) is more than the fleet carries (1 × 10 = 10): every plan leaves customers unserved; add vehicles or capacity",
    );
  });

  it('rejects non-numeric, non-finite and missing fields, naming field and customer', () => {
    const bad = { ...customer('5'), demand: 'abc', ready: Number.NaN, x: Infinity } as unknown as Customer;
    const { service: _dropped, ...noService } = customer('6');
    const problems = problemsOf(instance([bad, noService as Customer]));
    expect(problems).toContain("demand 'abc' is not a finite number for customer 5");
    expect(problems).toContain('ready time NaN is not a finite number for customer 5');
    expect(problems).toContain('x Infinity is not a finite number for customer 5');
    expect(problems).toContain('service time is missing for customer 6');
  });

  it('requires capacity and vehicles to be positive integers', () => {
    expect(problemsOf(instance([customer('1')], { capacity: 0, vehicles: 1.5 }))).toEqual([
      'vehicle capacity 0 is not a positive integer',
      'number of vehicles 1.5 is not a positive integer',
    ]);
  });

  it('rejects a depot whose ready time is after its due time', () => {
    const problems = problemsOf(instance([customer('1')], { depot: { id: 'D', x: 0, y: 0, ready: 200, due: 100 } }));
    expect(problems).toContain('ready time 200 is after due time 100 for depot D');
  });

  it('accepts a customer that cannot be reached from the depot before its due time, with a warning', () => {
    // 5 away from the depot, which opens at 0: the earliest arrival is 5. Soft windows serve it late; hard ones cannot.
    const late = instance([customer('17', { ready: 0, due: 4 })]);
    expect(problemsOf(late)).toEqual([]);
    expect(instanceWarnings(late)).toEqual([
      'customer 17 cannot be reached in time: the earliest arrival from the depot is 5, after its due time 4; hard time windows leave it unserved, soft ones serve it late at a price',
    ]);
    expect(instanceWarnings(instance([customer('17', { ready: 0, due: 5 })]))).toEqual([]);
  });

  it("warns about a window that closes before the shift starts in the words of a plan's reason, and what to do", () => {
    // 05:00–06:00 on a 07:00–18:00 shift: the distance is not what is wrong.
    const early = instance([customer('C1', { ready: 300, due: 360 })], {
      clockTimes: true,
      depot: { id: 'D', x: 0, y: 0, ready: 420, due: 1080 },
    });
    expect(problemsOf(early)).toEqual([]);
    expect(instanceWarnings(early)).toEqual([
      "customer C1 cannot be reached in time: its window closes before the shift starts (due 06:00, the shift starts at 07:00): correct its window or the depot's opening time; hard time windows leave it unserved, soft ones serve it late at a price",
    ]);
  });

  it("warns about a window that opens only when the shift has ended in the words of a plan's reason, and what to do", () => {
    // 19:00–20:00 on a 07:00–18:00 shift: the distance is not what is wrong.
    const late = instance([customer('C1', { ready: 1140, due: 1200 })], {
      clockTimes: true,
      depot: { id: 'D', x: 0, y: 0, ready: 420, due: 1080 },
    });
    expect(problemsOf(late)).toEqual([]);
    expect(instanceWarnings(late)).toEqual([
      "customer C1 cannot be served within the shift: its window opens only when the shift has ended (ready 19:00, the shift ends at 18:00): correct its window or the depot's closing time; hard time windows leave it unserved, soft ones serve it and the vehicle is back after the shift",
    ]);
  });

  it('warns about a customer that a fresh vehicle cannot serve and still return within the shift', () => {
    // Start at ready 90, service 8, 5 back: at the depot at 103 > 100.
    const tooLate = instance([customer('3', { ready: 90, due: 95, service: 8 })]);
    expect(problemsOf(tooLate)).toEqual([]);
    expect(instanceWarnings(tooLate)).toEqual([
      'customer 3 cannot be served within the shift: a vehicle serving it alone is back at the depot at 103, after the shift ends at 100; hard time windows leave it unserved, soft ones serve it and the vehicle is back after the shift',
    ]);
  });

  it('writes the two times to the second where they read the same to the minute', () => {
    // Clock times: 3 units away, depot opens 07:00 (420), the window closes at 07:02:30: arrival 07:03 is past it...
    const clock = {
      ...instance([customer('8', { x: 3, y: 0, ready: 0, due: 422.5 })], { depot: { id: 'D', x: 0, y: 0, ready: 420, due: 1000 } }),
      clockTimes: true,
    };
    expect(instanceWarnings(clock)[0]).toMatch(/earliest arrival from the depot is 07:03, after its due time 07:02:30;/);
    // ...and at 07:02:45 both read 07:03 to the minute.
    const close = { ...clock, customers: [customer('8', { x: 2.75, y: 0, ready: 0, due: 422.5 })] };
    expect(instanceWarnings(close)[0]).toMatch(/earliest arrival from the depot is 07:02:45, after its due time 07:02:30;/);
  });

  it('warns about a lat/lon stop a thousand km or more from its depot: swapped coordinates, most likely', () => {
    // Berlin depot (lat 52.52, lon 13.405); one customer written lon, lat: it lands near Jeddah.
    const day = {
      ...instance(
        [customer('ok', { x: 13.41, y: 52.51, ready: 0, due: 1000 }), customer('swapped', { x: 52.51, y: 13.41, ready: 0, due: 100_000 })],
        {
          depot: { id: 'D', x: 13.405, y: 52.52, ready: 0, due: 100_000 },
        },
      ),
      coordinates: { kind: 'geo' as const, speedKmh: 60 },
    };
    expect(problemsOf(day)).toEqual([]);
    const warnings = instanceWarnings(day);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      /^customer swapped is [\d,]+ km from the depot: check its latitude and longitude \(swapped, or a sign lost\?\)$/,
    );
  });

  it('warns when the fleet cannot carry the day, in the words a plan gives its unserved customers', () => {
    // Two vehicles of 10 against 5 customers of 5.
    const day = instance(['1', '2', '3', '4', '5'].map((id) => customer(id, { ready: 0, due: 100 })));
    expect(instanceWarnings(day)).toEqual([
      "The day's demand 25 is more than the fleet carries (2 × 10 = 20): every plan leaves customers unserved; add vehicles or capacity",
    ]);
    expect(instanceWarnings({ ...day, vehicles: 3 })).toEqual([]);
  });

  it("gives every warning beside every problem: one customer's error hides no other customer's warning", () => {
    // Customer 2's window closes before it opens (a problem); customer 3's order is more than a vehicle carries, and
    // customer 4 cannot be reached before its due time (warnings): one check tells all three.
    const day = instance([customer('2', { ready: 60, due: 40 }), customer('3', { demand: 11 }), customer('4', { ready: 0, due: 4 })]);
    const { problems, warnings } = checkInstance(day);
    expect(problems).toEqual(['ready time 60 is after due time 40 for customer 2']);
    expect(warnings).toEqual([
      expect.stringMatching(/^customer 3 cannot be served: its demand is more than a vehicle's capacity of 10 \(demand 11\)/),
      expect.stringMatching(/^customer 4 cannot be reached in time: the earliest arrival from the depot is 5, after its due time 4;/),
    ]);
    // The same customer's own error and warning come together too.
    expect(checkInstance(instance([customer('2', { ready: 60, due: 40, demand: 11 })]))).toEqual({
      problems: ['ready time 60 is after due time 40 for customer 2'],
      warnings: [expect.stringMatching(/^customer 2 cannot be served: its demand is more than a vehicle's capacity of 10/)],
    });
  });

  it('keeps the warnings beside a field the schema refuses, but none a refused figure would make up', () => {
    // Customer 2's demand is refused: the fleet's load is not known, so the fleet is not said to be short for it.
    const day = instance([customer('2', { demand: -1 }), customer('3', { demand: 11 }), customer('4', { demand: 10 })], { vehicles: 1 });
    const { problems, warnings } = checkInstance(day);
    expect(problems).toEqual(['demand -1 is negative for customer 2: write 0 or more']);
    expect(warnings).toEqual([expect.stringMatching(/^customer 3 cannot be served: its demand is more than a vehicle's capacity/)]);
    // A fleet or depot that cannot be read leaves nothing to measure against.
    expect(instanceWarnings(instance([customer('3', { ready: 90, due: 95, service: 8 })], { capacity: 0 }))).toEqual([]);
  });

  it("says nothing of reach while the shift it is measured against is refused, nor of a customer's whose window is", () => {
    // The shift closes before it opens: every customer would read as out of reach.
    const shift = instance([customer('1', { ready: 0, due: 4 }), customer('3', { demand: 11 })], {
      depot: { id: 'D', x: 0, y: 0, ready: 200, due: 100 },
    });
    expect(checkInstance(shift)).toEqual({
      problems: ['ready time 200 is after due time 100 for depot D'],
      warnings: [expect.stringMatching(/^customer 3 cannot be served: its demand/)],
    });
  });

  it('measures reachability with haversine minutes for geographic instances', () => {
    // One degree of latitude is about 111.2 km: 133.4 minutes at 50 km/h.
    const geo = (due: number) =>
      instance([customer('G', { x: 0, y: 1, ready: 0, due })], {
        coordinates: { kind: 'geo', speedKmh: 50 },
        depot: { id: 'D', x: 0, y: 0, ready: 0, due: 1000 },
      });
    expect(instanceWarnings(geo(140))).toEqual([]);
    expect(instanceWarnings(geo(130))[0]).toMatch(/^customer G cannot be reached in time: the earliest arrival from the depot is 133\.4/);
  });

  it('rejects a geographic instance without a positive speed, and latitudes out of range', () => {
    expect(problemsOf(instance([customer('1')], { coordinates: { kind: 'geo', speedKmh: 0 } }))).toEqual([
      'travel speed 0 km/h is not a positive number',
    ]);
    // A speed whose travel times run to centuries (or past light), the readers' typo or a unit mix-up.
    for (const [speedKmh, message] of [
      [1e-300, 'travel speed 1e-300 km/h is below 0.1 km/h'],
      [5000, 'travel speed 5000 km/h is above 1000 km/h'],
    ] as const) {
      expect(problemsOf(instance([customer('1')], { coordinates: { kind: 'geo', speedKmh } }))).toEqual([message]);
    }
    // A fleet of a typo's size, and a capacity past the number limit.
    expect(problemsOf(instance([customer('1')], { vehicles: 2e9, capacity: 5e9 }))).toEqual([
      'vehicle capacity 5000000000 is too large: numbers in an instance are at most 1e9 in size',
      'number of vehicles 2000000000 is above 10000, the most one fleet may have',
    ]);
    const problems = problemsOf(instance([customer('1', { y: 95 })], { coordinates: { kind: 'geo', speedKmh: 50 } }));
    expect(problems).toContain('latitude 95 is outside [-90, 90] for customer 1');
  });

  it('rejects coordinates that are neither planar nor geographic, and ids that are blank', () => {
    expect(problemsOf({ ...instance([customer(' ')]), coordinates: { kind: 'utm' } })).toEqual([
      "id ' ' is not a non-empty string for customer #1",
      "coordinates kind 'utm' is neither 'planar' nor 'geo'",
    ]);
  });

  it('rejects an instance without customers or without a name', () => {
    expect(problemsOf(instance([], { name: '' }))).toEqual([
      "instance name '' is empty: give the instance a name",
      'the instance has no customers',
    ]);
  });

  it('rejects something that is not an instance at all', () => {
    expect(problemsOf(null)).toEqual(['the instance is not an object']);
    const noCustomers = { name: 'x', capacity: 1, vehicles: 1, depot: { id: 'D', x: 0, y: 0, ready: 0, due: 1 } };
    expect(problemsOf(noCustomers)).toEqual(['customers is missing']);
    expect(problemsOf({ ...noCustomers, customers: 'a,b' })).toEqual(["customers 'a,b' is not a list"]);
  });
});

describe('buildProblem', () => {
  it('compiles a valid instance with the depot at index 0', () => {
    const p = buildProblem(instance([customer('1'), customer('2', { x: 6, y: 8 })]));
    expect(p.n).toBe(2);
    expect(p.ids).toEqual(['D', '1', '2']);
    expect(p.travel[0 * 3 + 2]).toBeCloseTo(10);
    expect(p.travel[1 * 3 + 2]).toBeCloseTo(5);
  });

  it('throws one input error that lists every problem', () => {
    let error: unknown;
    try {
      buildProblem(instance([customer('17', { ready: 500, due: 400 }), customer('9', { demand: -1 })], { name: 'bad' }));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    const appError = error as AppError;
    expect(appError.kind).toBe('input');
    expect(appError.message).toMatch(/^Instance bad is invalid/);
    expect(appError.details).toEqual([
      // The schema's findings first, then the rules between fields.
      'demand -1 is negative for customer 9: write 0 or more',
      'ready time 500 is after due time 400 for customer 17',
    ]);
  });
});
