import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  parseInstanceJson,
  parseInstancesJsonl,
  parsePlanJson,
  parsePlanRoutes,
  writeInstanceJson,
  writeInstancesJsonl,
  toPlanJson,
  writePlanJson,
} from '../../../src/main/vrp/io/json.js';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { readInstanceFile, readInstancesJsonl } from '../../../src/main/vrp/io/index.js';
import { generateInstances } from '../../../src/main/vrp/generate.js';
import { inputDetails } from './input-details.js';
import { type Instance, makeVariant, type PlanJson } from '../../../src/shared/domain.js';

const detailsOf = inputDetails;

const tiny: Instance = {
  name: 'tiny',
  depot: { id: 'D', x: 0, y: 0, ready: 0, due: 100 },
  capacity: 10,
  vehicles: 2,
  customers: [{ id: '1', x: 3, y: 4, demand: 5, ready: 10, due: 50, service: 2 }],
};

describe('instance JSON', () => {
  it('writes the documented keys in the documented order and reads them back', () => {
    const text = writeInstanceJson(tiny);
    expect(text).toBe(
      '{"name":"tiny","depot":{"id":"D","x":0,"y":0,"ready":0,"due":100},"capacity":10,"vehicles":2,' +
        '"customers":[{"id":"1","x":3,"y":4,"demand":5,"ready":10,"due":50,"service":2}]}',
    );
    expect(parseInstanceJson(text)).toEqual(tiny);
    const geo = { ...tiny, coordinates: { kind: 'geo' as const, speedKmh: 40 }, clockTimes: true };
    expect(parseInstanceJson(writeInstanceJson(geo, true))).toEqual(geo);
  });

  it('reads numeric ids as strings', () => {
    const text = writeInstanceJson(tiny).replace('"id":"1"', '"id":1');
    expect(parseInstanceJson(text).customers[0].id).toBe('1');
  });

  it('lists every shape problem, naming the field, its value and its customer', () => {
    const raw = JSON.parse(writeInstanceJson(tiny));
    raw.customers[0].demand = 'five';
    delete raw.customers[0].service;
    delete raw.vehicles;
    raw.coordinates = { kind: 'geo', speedKmh: -3 };
    expect(detailsOf(() => parseInstanceJson(JSON.stringify(raw)))).toEqual([
      'number of vehicles is missing',
      "demand 'five' is not a finite number for customer 1",
      'service time is missing for customer 1',
      'travel speed -3 km/h is not a positive number',
    ]);
  });

  it('names a missing depot as missing, not as missing for itself', () => {
    expect(detailsOf(() => parseInstanceJson('{"name":"x","capacity":10,"vehicles":1,"customers":[]}'))).toContain('depot is missing');
  });

  it('warns of a field no instance has (a misspelling the reader would drop without a word), naming its path', () => {
    const warnings: string[] = [];
    const doc = { ...tiny, coordinate: { kind: 'geo', speedKmh: 40 }, customers: [{ ...tiny.customers[0], openWithShift: true }] };
    expect(parseInstanceJson(JSON.stringify(doc), 'day.json', (w) => warnings.push(w))).toEqual(tiny);
    expect(warnings).toEqual([
      expect.stringMatching(/^openWithShift is not a field of customer 1 \(at customers\[0\]\.openWithShift\)/),
      expect.stringMatching(/^coordinate is not a field of the instance \(at coordinate\)/),
    ]);
    const quiet: string[] = [];
    parseInstanceJson(writeInstanceJson({ ...tiny, coordinates: { kind: 'geo', speedKmh: 40 }, clockTimes: true }), 'day.json', (w) =>
      quiet.push(w),
    );
    expect(quiet).toEqual([]);
  });

  it('warns where a planar day holds degrees (a "coordinates" left out or misspelt): a city read as a few minutes of travel', () => {
    const city: Instance = {
      ...tiny,
      depot: { ...tiny.depot, x: 13.404954, y: 52.520008 },
      customers: [
        { ...tiny.customers[0], x: 13.377704, y: 52.516275 },
        { ...tiny.customers[0], id: '2', x: 13.45089, y: 52.49417 },
      ],
    };
    const warnings: string[] = [];
    parseInstanceJson(JSON.stringify(city), 'day.json', (w) => warnings.push(w));
    expect(warnings).toEqual([expect.stringMatching(/^x and y look like longitude and latitude .*add "coordinates": \{"kind": "geo"/)]);
    const geo: string[] = [];
    parseInstanceJson(JSON.stringify({ ...city, coordinates: { kind: 'geo', speedKmh: 30 } }), 'day.json', (w) => geo.push(w));
    expect(geo).toEqual([]);
  });

  it('rejects text that is not JSON', () => {
    expect(detailsOf(() => parseInstanceJson('{"name": '))[0]).toMatch(/^not valid JSON: /);
  });

  it('says that JSON Lines given as one instance are several instances, one a line, and what to do', () => {
    const lines = writeInstancesJsonl(generateInstances(5, 2, 7));
    expect(() => parseInstanceJson(lines)).toThrow('Instance file holds 2 instances, one a line (JSON Lines), not one instance');
    expect(detailsOf(() => parseInstanceJson(lines))).toEqual([expect.stringMatching(/file of its own .*jampr train --instances/)]);
  });

  it('reads JSON Lines, listing every bad line', () => {
    const set = generateInstances(5, 3, 11);
    expect(parseInstancesJsonl(writeInstancesJsonl(set))).toEqual(set);
    const lines = writeInstancesJsonl(set).split('\n');
    lines[1] = lines[1].replace('"capacity":250', '"capacity":"big"');
    lines[2] = '{';
    expect(detailsOf(() => parseInstancesJsonl(lines.join('\n')))).toEqual([
      "line 2: vehicle capacity 'big' is not a positive integer",
      expect.stringMatching(/^line 3: not valid JSON/),
    ]);
  });
});

describe('plan JSON', () => {
  const plan: PlanJson = {
    instance: 'tiny',
    variant: 'tw1',
    method: 'classical',
    routes: [['1']],
    cost: 15,
    distance: 10,
    vehicles: 1,
    wait: 5,
    early: 5,
    late: 0,
    seconds: 0.01,
  };

  it('reads back what it writes', () => {
    expect(parsePlanJson(writePlanJson(plan))).toEqual(plan);
  });

  it('rejects an unknown variant and missing totals', () => {
    const { cost: _cost, ...partial } = plan;
    expect(detailsOf(() => parsePlanJson(JSON.stringify({ ...partial, variant: 'tw4' })))).toEqual([
      "variant 'tw4' is not one of tw1, tw2, tw3",
      'cost is missing',
    ]);
  });

  it('reads just the routes of a hand-written plan, or a bare list of routes', () => {
    expect(parsePlanRoutes('{"routes": [["1", 2], []]}')).toEqual({ routes: [['1', '2'], []] });
    expect(parsePlanRoutes('[["3"]]')).toEqual({ routes: [['3']] });
    expect(parsePlanRoutes('{"instance": "day", "variant": "tw3", "cost": 1, "routes": [["1"]]}')).toEqual({
      routes: [['1']],
      instance: 'day',
      variant: 'tw3',
      // The cost it says it has: eval warns where the routes cost otherwise (edited since).
      cost: 1,
    });
    expect(detailsOf(() => parsePlanRoutes('{"variant": "tw9", "routes": []}'))[0]).toMatch(/^variant 'tw9' /);
    expect(detailsOf(() => parsePlanRoutes('{"routes": "1,2"}'))).toEqual(["routes '1,2' is not a list"]);
    // Where in the routes, counted as a dispatcher counts; the file named by the reader's caller.
    expect(detailsOf(() => parsePlanRoutes('{"routes": [["1"], "2", [{}]]}'))).toEqual([
      "routes, item 2 '2' is not a list",
      'routes, item 3, stop 1 {} is not a text',
    ]);
    expect(() => parsePlanRoutes('[["1"], 2]', 'the plan file day.json')).toThrow(/^the plan file day\.json is malformed/);
    expect(() => parsePlanRoutes('[["1"', 'the plan file day.json')).toThrow(/^the plan file day\.json is not valid JSON/);
    expect(detailsOf(() => parsePlanJson(JSON.stringify({ ...plan, fleet: { vehicles: 'x', capacity: 1 } })))).toEqual([
      "fleet.vehicles 'x' is not a number",
    ]);
  });
});

describe('readInstanceFile', () => {
  const dir = mkdtempSync(join(tmpdir(), 'jampr-io-'));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it('picks the reader by extension and keeps the first N customers', () => {
    const solomon = readInstanceFile('data/solomon/R201.txt', { first: 50 });
    expect(solomon.customers).toHaveLength(50);
    const json = readInstanceFile(file('tiny.json', writeInstanceJson(tiny)));
    expect(json).toEqual(tiny);
    const csv = readInstanceFile(file('shop.csv', 'id,x,y,demand,ready,due,service\nD,0,0,0,0,100,0\n1,3,4,5,10,50,2\n2,1,1,1,0,90,0\n'), {
      capacity: 10,
      first: 1,
    });
    expect(csv.name).toBe('shop-1'); // named for the cut day, as a Solomon file's first N are
    expect(csv.customers.map((c) => c.id)).toEqual(['1']);
  });

  it('overrides the fleet from options', () => {
    const inst = readInstanceFile(file('tiny2.json', writeInstanceJson(tiny)), { vehicles: 5, capacity: 20 });
    expect(inst).toMatchObject({ vehicles: 5, capacity: 20 });
  });

  it('checks the instance rules at read time', () => {
    const bad = { ...tiny, customers: [{ ...tiny.customers[0], ready: 60 }] };
    expect(detailsOf(() => readInstanceFile(file('bad.json', writeInstanceJson(bad))))).toEqual([
      'ready time 60 is after due time 50 for customer 1',
    ]);
  });

  it('rejects an unknown extension and a missing file with input errors', () => {
    expect(detailsOf(() => readInstanceFile(file('x.docx', '')))).toEqual([
      'use .json (instance JSON) or .jsonl (JSON Lines of one instance), .txt (Solomon), .vrp (VRPLIB) or .csv or .tsv (customer CSV)',
    ]);
    // A workbook is named as one, with the way to a CSV.
    expect(detailsOf(() => readInstanceFile(file('x.xlsx', ''))).join()).toMatch(/Save As/);
    expect(() => readInstanceFile(join(dir, 'absent.json'))).toThrow(/^cannot read .*absent\.json: it does not exist$/);
    expect(() => readInstanceFile('data/solomon/R201.txt', { first: 500 })).toThrow(
      /^--first 500 is more than the 100 customers in R201\.txt: give at most 100$/,
    );
  });

  it('reads one instance pretty-printed over many lines in a .jsonl as that instance', () => {
    const [one] = generateInstances(6, 1, 9);
    expect(readInstanceFile(file('pretty.jsonl', JSON.stringify(one, null, 2)))).toEqual(
      readInstanceFile(file('one.json', JSON.stringify(one))),
    );
  });

  it('names the file that holds several instances, or none, or no JSON, where one instance is read', () => {
    const lines = writeInstancesJsonl(generateInstances(5, 3, 7));
    for (const name of ['three.jsonl', 'three.json']) {
      const path = file(name, lines);
      expect(() => readInstanceFile(path)).toThrow(`${path} holds 3 instances, one a line (JSON Lines), not one instance`);
    }
    const empty = file('empty.jsonl', '\n');
    expect(() => readInstanceFile(empty)).toThrow(new RegExp(`^${empty} holds no instance `));
    const broken = file('broken.json', '{"name": ');
    expect(() => readInstanceFile(broken)).toThrow(new RegExp(`^${broken} is not valid JSON`));
  });

  it('reads a JSON Lines file of generated instances', () => {
    const set = generateInstances(8, 4, 2);
    expect(readInstancesJsonl(file('set.jsonl', writeInstancesJsonl(set)))).toEqual(set);
  });

  it('names a JSON Lines instance that breaks a rule by its line, as a malformed line is named (blank lines count)', () => {
    const [a, b] = generateInstances(5, 2, 3);
    const reversed = { ...b, customers: b.customers.map((c, i) => (i === 0 ? { ...c, ready: 500, due: 400 } : c)) };
    const text = `${writeInstanceJson(a)}\n\n${writeInstanceJson(reversed)}\n`;
    expect(detailsOf(() => readInstancesJsonl(file('lines.jsonl', text)))).toEqual([
      `line 3 (instance ${b.name}): ready time 500 is after due time 400 for customer ${b.customers[0].id}`,
    ]);
  });
});

describe('toPlanJson', () => {
  const instance: Instance = {
    name: 'city',
    depot: { id: 'D', x: 13.4, y: 52.52, ready: 420, due: 1020 },
    capacity: 10,
    vehicles: 1,
    customers: [
      { id: 'a', x: 13.41, y: 52.52, demand: 4, ready: 420, due: 1020, service: 5 },
      { id: 'b', x: 13.42, y: 52.52, demand: 9, ready: 420, due: 1020, service: 5 },
    ],
    coordinates: { kind: 'geo', speedKmh: 30 },
    clockTimes: true,
  };

  it('names every customer left out with the reason, and gives a lat/lon day its distance in km', () => {
    const routes = [['a']];
    const evaluation = evaluatePlan(buildProblem(instance), routes, makeVariant('tw1'));
    const json = toPlanJson(instance, { variant: makeVariant('tw1'), method: 'classical', routes, seconds: 1 }, evaluation);
    expect(json.unserved).toEqual([{ id: 'b', reason: expect.stringMatching(/^[a-z]/) }]);
    expect(`customer b is not served: ${json.unserved![0].reason}`).toBe(evaluation.violations[0].message);
    // Driving minutes at 30 km/h: half a km a minute.
    expect(json.distanceKm).toBeCloseTo(evaluation.distance / 2, 9);
    expect(parsePlanJson(JSON.stringify(json))).toEqual(json);
    const everyone = evaluatePlan(buildProblem(instance), [['a'], ['b']], makeVariant('tw1'));
    expect(
      toPlanJson(instance, { variant: makeVariant('tw1'), method: 'classical', routes: [['a'], ['b']], seconds: 1 }, everyone),
    ).not.toHaveProperty('unserved');
  });

  it("names the units of its figures: on a lat/lon day distance in driving minutes beside distanceKm; on a planar day the coordinates' units", () => {
    const routes = [['a'], ['b']];
    const plan = (day: Instance) =>
      toPlanJson(
        day,
        { variant: makeVariant('tw1'), method: 'classical', routes, seconds: 1 },
        evaluatePlan(buildProblem(day), routes, makeVariant('tw1')),
      );
    const geo = plan(instance);
    expect(geo.units).toEqual({
      distance: 'minutes of driving at fleet.speedKmh',
      distanceKm: 'km',
      wait: 'minutes',
      early: 'minutes',
      late: 'minutes',
    });
    expect(parsePlanJson(JSON.stringify(geo))).toEqual(geo);
    const { coordinates: _geo, ...planar } = instance;
    expect(plan(planar).units).toEqual({
      distance: 'minutes of travel (the distance in the plane, read as minutes)',
      wait: 'minutes',
      early: 'minutes',
      late: 'minutes',
    });
    const coordinateUnits = "the coordinates' units (travel takes as long as the distance)";
    expect(plan({ ...planar, clockTimes: false }).units).toEqual({
      distance: coordinateUnits,
      wait: coordinateUnits,
      early: coordinateUnits,
      late: coordinateUnits,
    });
    // The readers of plan files look past it: jampr eval reads a plan's routes and policy.
    expect(parsePlanRoutes(JSON.stringify(geo)).routes).toEqual(routes);
  });

  it('tells time before a window opens once, by the policy, as the views do: a wait under hard and partly soft windows, earliness only under soft ones', () => {
    // a opens at 09:00, a minute's drive from a depot whose shift starts at 07:00: the vehicle is there long before.
    const early = { ...instance, customers: [{ ...instance.customers[0], ready: 540 }] };
    const routes = [['a']];
    const figures = (name: 'tw1' | 'tw2' | 'tw3') => {
      const variant = makeVariant(name);
      const json = toPlanJson(
        early,
        { variant, method: 'classical', routes, seconds: 1 },
        evaluatePlan(buildProblem(early), routes, variant),
      );
      return { wait: json.wait, early: json.early };
    };
    const before = figures('tw1').wait;
    expect(before).toBeGreaterThan(100);
    expect(figures('tw1')).toEqual({ wait: before, early: 0 });
    expect(figures('tw2')).toEqual({ wait: before, early: 0 });
    expect(figures('tw3')).toEqual({ wait: 0, early: before });
  });
});
