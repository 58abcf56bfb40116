/**
 * Shifts misread from a customer CSV: slash dates whose order the file does not tell, read so that the shift spans
 * a month; a shift that closes as it opens; a depot whose opening and closing are swapped, beside a day's windows.
 */
import { describe, expect, it } from 'vitest';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { inputDetails } from './input-details.js';

const fleet = { name: 'shift', capacity: 100, vehicles: 2, speedKmh: 40 };
const read = (rows: string[]) => parseCustomerCsv(rows.join('\n'), fleet);
const refusal = (rows: string[]): string[] => inputDetails(() => read(rows));
const DAY = 24 * 60;

/** A night in Sydney, its dates written day first, every day and month 12 or less. */
const SYDNEY = [
  'id,lat,lon,demand,ready,due,service',
  'Depot Alexandria,-33.9057,151.1953,0,03/12/2026 22:00,04/12/2026 06:00,0',
  'S1,-33.8688,151.2093,5,03/12/2026 23:00,04/12/2026 01:00,10',
  'S2,-33.8915,151.2767,5,04/12/2026 01:00,04/12/2026 03:00,10',
  'S3,-33.8150,151.0011,5,03/12/2026 22:30,03/12/2026 23:59,10',
  'S4,-33.7969,151.2840,5,04/12/2026 04:00,04/12/2026 05:30,10',
];

describe('a shift misread from a customer CSV', () => {
  it('reads slash dates in the order that puts the times closest together, and says which and why', () => {
    const { instance, warnings } = read(SYDNEY);
    expect([instance.depot.ready, instance.depot.due]).toEqual([22 * 60, DAY + 6 * 60]);
    expect(instance.customers.map((c) => [c.ready, c.due])).toEqual([
      [23 * 60, DAY + 60],
      [DAY + 60, DAY + 180],
      [22 * 60 + 30, 23 * 60 + 59],
      [DAY + 240, DAY + 330],
    ]);
    expect(warnings).toEqual([
      "dates such as 03/12/2026 were read day first (2026-12-03), as that puts the file's times closest together (within 8 hours; read month first they would span 30 days 8 hours): if the month comes first, write the dates as YYYY-MM-DD",
    ]);
    // The same night written month first is read so.
    const us = read(SYDNEY.map((line) => line.replace(/(\d\d)\/12\/2026/g, '12/$1/2026'))).instance;
    expect(us.customers.map((c) => [c.ready, c.due])).toEqual(instance.customers.map((c) => [c.ready, c.due]));
  });

  it('refuses a clock-time shift of more than 48 hours, naming the depot, its window and its length', () => {
    const rows = [
      'id,x,y,demand,ready,due,service',
      'D,50,50,0,2026-12-03 22:00,2026-12-06 06:00,0',
      'C1,30,75,5,2026-12-03 23:00,2026-12-04 01:00,10',
    ];
    expect(refusal(rows)).toEqual([
      "row 2, columns ready, due: depot D's window '2026-12-03 22:00'–'2026-12-06 06:00' lasts 2 days 8 hours, more than the 48 hours a shift may last: is a date misread (day and month swapped) or mistyped?",
    ]);
    expect(read(rows.map((line) => line.replace('2026-12-06 06:00', '2026-12-05 06:00'))).instance.depot.due).toBe(2 * DAY + 360);
  });

  it('refuses a depot window that closes as it opens, naming it', () => {
    expect(refusal(['id,x,y,demand,ready,due,service', 'D,50,50,0,07:00,07:00,0', 'C1,30,75,5,08:00,12:00,10', 'C2,60,20,5,,,10'])).toEqual(
      [
        "row 2, columns ready, due: depot D's window '07:00'–'07:00' is empty: the shift closes as it opens (a shift of 24 hours closes at 07:00+1)",
      ],
    );
  });

  it('names a depot whose opening and closing look swapped once, not every customer outside the shift', () => {
    const customers = ['12:00,14:00', '11:00,13:00', '07:00,11:00', '09:00,10:00', '13:00,17:00'].map(
      (w, i) => `K${i + 1},${48.1 + i / 100},11.5,5,${w},10`,
    );
    const { warnings } = read(['id,lat,lon,demand,ready,due,service', 'Lager,48.1,11.55,0,17:00,07:00,0', ...customers]);
    expect(warnings).toEqual([
      "row 2, columns ready, due: 5 of 5 customers' windows lie outside the shift '17:00'–'07:00' (K1, K2, K3, K4, K5): are the depot's opening and closing swapped? Hard time windows leave them unserved, soft ones serve them at a price",
    ]);
  });
});
