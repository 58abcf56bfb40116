import { describe, expect, it } from 'vitest';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { writePlanCsv } from '../../../src/main/vrp/io/csv-write.js';
import { buildProblem, instanceWarnings } from '../../../src/main/vrp/validate.js';
import { formatClock, timesApart } from '../../../src/shared/clock.js';
import { makeVariant } from '../../../src/shared/domain.js';
import { timeInText } from '../../../src/shared/number-text.js';

/**
 * The evaluator's and the validator's messages write a moment at midnight (a customer reached, a van back) as the
 * schedule cells, the driver sheet and the plan CSV do, 00:00+1, the next day's first minute; 24:00 stays the end of
 * a day, where a shift or a window closes (docs/data-formats.md).
 */
const read = (rows: string[]) =>
  parseCustomerCsv(['id,x,y,demand,ready,due,service', ...rows].join('\n'), { name: 'night', capacity: 10, vehicles: 1 });

describe('a customer reached at midnight on a night shift', () => {
  // A depot open 22:00–06:00+1; customer 1 is two hours out (72, 96) and closes at 23:30: a van leaving at 22:00
  // reaches it at midnight, half an hour late.
  const { instance, warnings } = read(['D,0,0,0,22:00,06:00,0', '1,72,96,1,22:00,23:30,10']);

  it("is reached at 00:00+1 in the evaluator's message under hard windows, as its arrival cell says", () => {
    const evaluation = evaluatePlan(buildProblem(instance), [['1']], makeVariant('tw1'));
    expect(evaluation.violations.map((v) => v.message)).toEqual(['customer 1 is reached at 00:00+1, 30 min after its due time 23:30']);
    const rows = writePlanCsv(instance, evaluation, 'tw1').split('\n');
    const stop = rows.find((row) => row.startsWith('1,1,stop,1,'));
    expect(stop).toContain(',00:00+1,');
    expect(stop).toContain('late: customer 1 is reached at 00:00+1, 30 min after its due time 23:30');
  });

  it("is reached at 00:00+1 earliest in the import's and the validator's warning", () => {
    // The import quotes the file's cell, the validator writes the time.
    const told = (due: string) =>
      `customer 1 cannot be reached in time: the earliest arrival from the depot is 00:00+1, after its due time ${due}; hard time windows leave it unserved, soft ones serve it late at a price`;
    expect(warnings).toEqual([`row 3, column due: ${told("'23:30'")}`]);
    expect(instanceWarnings(instance)).toEqual([told('23:30')]);
  });
});

describe('a van back at midnight after a shift that ends before it', () => {
  // A shift of 18:00–23:50: customer 1 (5 minutes out) opens at 23:00 and takes 55 minutes, so its van is back at
  // midnight, a moment of the next day, ten minutes after the shift's end.
  const { instance, warnings } = read(['D,0,0,0,18:00,23:50,0', '1,3,4,1,23:00,23:50,55']);

  it("is back at 00:00+1 in the evaluator's horizon message, as its return cell says", () => {
    const evaluation = evaluatePlan(buildProblem(instance), [['1']], makeVariant('tw1'));
    expect(evaluation.violations.map((v) => v.message)).toEqual(['route 1 is back at the depot at 00:00+1, after the shift ends at 23:50']);
    const back = writePlanCsv(instance, evaluation, 'tw1')
      .split('\n')
      .find((row) => row.startsWith('1,2,return,'));
    expect(back?.split(',')[8]).toBe('00:00+1');
    expect(back).toContain('back after the shift ends: route 1 is back at the depot at 00:00+1, after the shift ends at 23:50');
  });

  it("is back at 00:00+1 in the validator's warning", () => {
    const told = (end: string) =>
      `customer 1 cannot be served within the shift: a vehicle serving it alone is back at the depot at 00:00+1, after the shift ends at ${end}; hard time windows leave it unserved, soft ones serve it and the vehicle is back after the shift`;
    expect(warnings).toEqual([`row 3: ${told("'23:50'")}`]);
    expect(instanceWarnings(instance)).toEqual([told('23:50')]);
  });

  it('keeps 24:00 for a shift ending at midnight, beside a return after it', () => {
    // The same shift ending at midnight: a van back at 00:10+1, ten minutes after it.
    const { instance: day } = read(['D,0,0,0,18:00,24:00,0', '1,3,4,1,23:00,24:00,65']);
    const evaluation = evaluatePlan(buildProblem(day), [['1']], makeVariant('tw1'));
    expect(evaluation.violations.map((v) => v.message)).toEqual(['route 1 is back at the depot at 00:10+1, after the shift ends at 24:00']);
  });
});

describe('a window that opens, and a shift that starts, at midnight', () => {
  // A window's opening and a shift's start are moments, as an arrival is: 00:00+1 at midnight; a closing stays 24:00.
  const warned = (rows: string[]) => {
    const { instance, warnings } = read(rows);
    return { imported: warnings, validated: instanceWarnings(instance) };
  };

  it('writes a window opening at midnight, after a shift that ends then, 00:00+1 beside the end 24:00', () => {
    // Not "ready 24:00, the shift ends at 24:00": the opening is the next day's first minute.
    const told = (ready: string, end: string) =>
      `customer 1 cannot be served within the shift: its window opens only when the shift has ended (ready ${ready}, the shift ends at ${end}): correct its window or the depot's closing time; hard time windows leave it unserved, soft ones serve it and the vehicle is back after the shift`;
    const { imported, validated } = warned(['D,0,0,0,18:00,24:00,0', '1,3,4,1,24:00,24:00,10']);
    // The import quotes the cells as written.
    expect(imported).toEqual([`row 3, column ready: ${told("'24:00'", "'24:00'")}`]);
    expect(validated).toEqual([told('00:00+1', '24:00')]);
  });

  it('writes a night shift starting at midnight 00:00+1, after a window that closes the evening before', () => {
    // A night shift 24:00–06:00: it starts at the first minute of the next day, where the window has long closed.
    const told = (due: string, start: string) =>
      `customer 1 cannot be reached in time: its window closes before the shift starts (due ${due}, the shift starts at ${start}): correct its window or the depot's opening time; hard time windows leave it unserved, soft ones serve it late at a price`;
    const { imported, validated } = warned(['D,0,0,0,24:00,06:00,0', '1,3,4,1,22:00,23:30,10']);
    expect(imported).toEqual([`row 3, column due: ${told("'23:30'", "'24:00'")}`]);
    expect(validated).toEqual([told('23:30', '00:00+1')]);
  });
});

describe('timesApart with a moment and an end', () => {
  const clock = (v: number, moment?: boolean) => timeInText(v, true, moment);

  it('writes the moment as a moment and the end as an end', () => {
    expect(timesApart(clock, 1440, 1430, [true, false])).toEqual(['00:00+1', '23:50']);
    expect(timesApart(clock, 1450, 1440, [true, false])).toEqual(['00:10+1', '24:00']);
    expect(formatClock(1440)).toBe('24:00');
  });

  it('tells apart to the second a moment and an end that are the same midnight to the minute, written either way', () => {
    // 00:00+1 and 24:00 are one minute: "reached at 00:00+1, after its due time 24:00" gives no reason.
    expect(timesApart(clock, 1440.2, 1440, [true, false])).toEqual(['00:00:12+1', '24:00']);
    expect(timesApart(clock, 1440, 1439.9, [true, false])).toEqual(['00:00+1', '23:59:54']);
    // Without clock times the figures are told in full, as before.
    expect(timesApart((v) => timeInText(v, false), 5.001, 5, [true, false])).toEqual(['5.001', '5']);
  });
});
