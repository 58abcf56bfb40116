/** Shifts misread from a customer CSV: slash dates whose order the file does not tell, read so that the shift spans a month. */
import { describe, expect, it } from 'vitest';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';

const fleet = { name: 'shift', capacity: 100, vehicles: 2, speedKmh: 40 };
const read = (rows: string[]) => parseCustomerCsv(rows.join('\n'), fleet);
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
      "dates such as 3/12/2026 were read day first (2026-12-03), as that puts the file's times closest together (within 8 hours; read month first they would span 30 days 8 hours): if the month comes first, write the dates as YYYY-MM-DD",
    ]);
    // The same night written month first is read so.
    const us = read(SYDNEY.map((line) => line.replace(/(\d\d)\/12\/2026/g, '12/$1/2026'))).instance;
    expect(us.customers.map((c) => [c.ready, c.due])).toEqual(instance.customers.map((c) => [c.ready, c.due]));
  });
});
