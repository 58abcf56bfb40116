import { describe, expect, it } from 'vitest';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { writeInstanceCsv, writePlanCsv } from '../../../src/main/vrp/io/csv-write.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { makeVariant } from '../../../src/shared/domain.js';
import { BASIC, fleet } from './customer-csv.js';

describe('CSV writers', () => {
  it('writes an instance that reads back identically, clock times included', () => {
    const text = ['id,x,y,demand,ready,due,service', '"D, hub",0,0,0,07:00,18:00,0', '1,3.25,4,5,08:30:30,09:15,15'].join('\n');
    const { instance } = parseCustomerCsv(text, fleet);
    const again = parseCustomerCsv(writeInstanceCsv(instance), { ...fleet, vehicles: instance.vehicles });
    expect(again.instance).toEqual(instance);
    expect(writeInstanceCsv(instance).split('\n')[1]).toBe('depot,"D, hub",0,0,0,07:00,18:00,0');
  });

  it('writes a clock time ten days or more past the first midnight so that it reads back', () => {
    const day = 24 * 60;
    const { instance } = parseCustomerCsv(
      ['id,x,y,demand,ready,due,service', 'D,0,0,0,07:00,18:00,0', '1,3,4,5,08:00,09:00,15'].join('\n'),
      fleet,
    );
    // A day kept over the API may start days after its first midnight (a day of a long run, counted from its first).
    const later = (m: number) => 10 * day + m;
    const long = {
      ...instance,
      depot: { ...instance.depot, ready: later(7 * 60), due: later(18 * 60) },
      customers: [{ ...instance.customers[0], ready: later(8 * 60), due: later(9 * 60 + 0.5) }],
    };
    const written = writeInstanceCsv(long);
    expect(written.split('\n').slice(1, 3)).toEqual(['depot,D,0,0,0,07:00+10,18:00+10,0', 'customer,1,3,4,5,08:00+10,09:00:30+10,15']);
    expect(parseCustomerCsv(written, { ...fleet, vehicles: long.vehicles }).instance).toEqual(long);
  });

  it('writes a window that follows the shift as the blank cell it was read from, so it still follows after a round trip', () => {
    const text = ['id,x,y,demand,ready,due,service', 'D,0,0,0,07:00,18:00,0', '1,3,4,5,,,15', '2,1,1,1,09:00,,5'].join('\n');
    const { instance } = parseCustomerCsv(text, fleet);
    const written = writeInstanceCsv(instance);
    expect(written.trimEnd().split('\n').slice(2)).toEqual(['customer,1,3,4,5,,,15', 'customer,2,1,1,1,09:00,,5']);
    expect(parseCustomerCsv(written, { ...fleet, vehicles: instance.vehicles }).instance).toEqual(instance);
  });

  it('writes a lat/lon instance with lat and lon columns', () => {
    const text = ['id,lat,lon,demand,ready,due,service', 'D,52.52,13.4,0,0,600,0', '1,52.5,13.45,3,0,300,5'].join('\n');
    const { instance } = parseCustomerCsv(text, { ...fleet, speedKmh: 30 });
    expect(writeInstanceCsv(instance).split('\n')[0]).toBe('type,id,lat,lon,demand,ready,due,service');
    expect(parseCustomerCsv(writeInstanceCsv(instance), { ...fleet, speedKmh: 30 }).instance).toEqual(instance);
  });

  it('writes a plan schedule with one row per stop', () => {
    const { instance } = parseCustomerCsv(BASIC, fleet);
    const evaluation = evaluatePlan(buildProblem(instance), [['1', '2'], []], makeVariant('tw1'));
    // Depot (0,0) -> 1 at distance 5, which opens at 10, leaves 12 -> 2 at distance 5, arrives 17.
    expect(writePlanCsv(instance, evaluation, 'tw1')).toBe(
      [
        'route,stop,kind,id,name,address,x,y,arrival,wait,start,departure,early,late,load,note',
        // The first stop's wait of 5 is spent at the depot, as the driver sheet (leave 5), the Plan view and Compare
        // tell it: the rows are as driven, the wait column still adding up to the plan's wait.
        "1,0,depart,D,,,0,0,,5,,5,,,0,the driver waits at the depot from the shift start 0 and leaves at 5 to start 1 as its window opens (as the driver sheet says); the plan's wait counts this time",
        '1,1,stop,1,,,3,4,10,0,10,12,0,0,5,',
        '1,2,stop,2,,,6,8,17,0,17,20,0,0,12,',
        '1,3,return,D,,,0,0,30,,,,,,12,',
        '',
      ].join('\n'),
    );
  });

  it("tells a stop's time before its window opens once, by the policy, as the views and the plan JSON do", () => {
    const { instance } = parseCustomerCsv(BASIC, fleet);
    // Customer 1 (window from 10) is reached at 5 by a driver leaving at the shift start: 5 before it opens.
    const rows = (name: 'tw1' | 'tw2' | 'tw3') => {
      const lines = writePlanCsv(instance, evaluatePlan(buildProblem(instance), [['1']], makeVariant(name)), name).split('\n');
      const [depart, stop] = [lines[1].split(','), lines[2].split(',')];
      return { atDepot: depart[9], leaves: depart[11], arrival: stop[8], wait: stop[9], early: stop[12] };
    };
    // Where the policy waits, the driver waits at the depot and leaves later (the first stop's wait, as driven).
    expect(rows('tw1')).toEqual({ atDepot: '5', leaves: '5', arrival: '10', wait: '0', early: '0' });
    expect(rows('tw2')).toEqual({ atDepot: '5', leaves: '5', arrival: '10', wait: '0', early: '0' });
    // Soft windows serve at once: the driver leaves at the shift start and serves early.
    expect(rows('tw3')).toEqual({ atDepot: '', leaves: '0', arrival: '5', wait: '0', early: '5' });
  });

  it('lists the customers a plan leaves out after its routes, each with the reason', () => {
    const { instance } = parseCustomerCsv(BASIC, fleet);
    const evaluation = evaluatePlan(buildProblem(instance), [['1']], makeVariant('tw1'));
    const lines = writePlanCsv(instance, evaluation, 'tw1').trim().split('\n');
    expect(lines.at(-1)).toMatch(/^,,not served,2,,,6,8,,,,,,,,\S/);
    expect(lines.at(-1)!.split(',').at(-1)).toBe(evaluation.violations[0].message.replace('customer 2 is not served: ', ''));
  });

  it('keeps name and address columns on import and writes them back out, in the plan schedule too', () => {
    const text = [
      'type,id,name,address,lat,lon,demand,ready,due,service',
      'depot,D,Depot,"Main St 1, Town",52.52,13.4,0,07:00,17:00,0',
      'customer,1,"Shop ""A""","Side St 2, Town",52.5,13.45,3,08:00,12:00,5',
      'customer,2,,,52.51,13.42,2,08:00,12:00,5',
    ].join('\n');
    const { instance } = parseCustomerCsv(text, { ...fleet, speedKmh: 30 });
    expect(instance.depot).toMatchObject({ name: 'Depot', address: 'Main St 1, Town' });
    expect(instance.customers[0]).toMatchObject({ name: 'Shop "A"', address: 'Side St 2, Town' });
    expect(instance.customers[1]).not.toHaveProperty('name');
    expect(parseCustomerCsv(writeInstanceCsv(instance), { ...fleet, speedKmh: 30 }).instance).toEqual(instance);
    const plan = writePlanCsv(instance, evaluatePlan(buildProblem(instance), [['1', '2']], makeVariant('tw1')), 'tw1').split('\n');
    expect(plan[0]).toBe('route,stop,kind,id,name,address,lat,lon,arrival,wait (min),start,departure,early (min),late (min),load,note');
    expect(plan[1]).toBe(
      `1,0,depart,D,Depot,"Main St 1, Town",52.52,13.4,,51.9,,07:51,,,0,the driver waits at the depot from the shift start 07:00 and leaves at 07:51 to start 1 as its window opens (as the driver sheet says); the plan's wait counts this time`,
    );
    expect(plan[2]).toMatch(/^1,1,stop,1,"Shop ""A""","Side St 2, Town",52.5,13.45,/);
    expect(plan[4]).toMatch(/^1,3,return,D,Depot,/);
  });
});

describe('customer CSV export of a clock-time day', () => {
  it('writes times off the second as HH:MM:SS, which the import reads back to the second', () => {
    // A day read from hours columns (8.333 h is 499.98 minutes, 08:19:58.8), then shown in clock times.
    const text = ['id,x,y,demand,ready (h),due (h),service', 'D,0,0,0,7,18,0', '1,3,4,2,8.333,10.1,5'].join('\n');
    const read = parseCustomerCsv(text, fleet).instance;
    const instance = { ...read, clockTimes: true };
    const written = writeInstanceCsv(instance);
    expect(written.trimEnd().split('\n').slice(1)).toEqual(['depot,D,0,0,0,07:00,18:00,0', 'customer,1,3,4,2,08:19:59,10:06,5']);
    const again = parseCustomerCsv(written, { ...fleet, vehicles: instance.vehicles }).instance;
    expect(again.clockTimes).toBe(true);
    expect(Math.abs(again.customers[0].ready - instance.customers[0].ready)).toBeLessThanOrEqual(0.5 / 60);
    expect(again.customers[0].due).toBeCloseTo(instance.customers[0].due, 9);
  });
});
