/**
 * The customer CSV for Excel in a comma-decimal language, as the plan CSV's (csv-cells.ts): ';' between columns and
 * numbers with a decimal comma, read back by the app's own import to the same day.
 */
import { describe, expect, it } from 'vitest';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { writeInstanceCsv } from '../../../src/main/vrp/io/csv-write.js';
import type { Instance } from '../../../src/shared/domain.js';

/** A lat/lon day on clock times: decimals everywhere, a name holding ';', one that starts like a formula, an open window. */
const city: Instance = {
  name: 'Tour Süd',
  depot: { id: 'D', name: 'Lager; Tor 2', address: 'Hauptstraße 1, München', x: 11.575, y: 48.137, ready: 420, due: 1080 },
  capacity: 20,
  vehicles: 2,
  coordinates: { kind: 'geo', speedKmh: 30 },
  clockTimes: true,
  customers: [
    { id: 'K1', name: '=Bäckerei', x: 11.58, y: 48.15, demand: 2.5, ready: 480.5, due: 720, service: 7.5 },
    { id: '4.5', x: 11.6, y: 48.12, demand: 1, ready: 540, due: 780, service: 10 },
  ],
};

/** A planar day in minutes, with negative positions and times off the minute. */
const plane: Instance = {
  name: 'plane',
  depot: { id: 'D', x: 0, y: 0, ready: 0, due: 1000 },
  capacity: 100,
  vehicles: 2,
  customers: [
    { id: '1', x: -1.5, y: 2.25, demand: 2.5, ready: 10.25, due: 500, service: 2 },
    { id: '2', x: 3, y: -4.75, demand: 1, ready: 0, due: 500.5, service: 1.5 },
  ],
};

const readBack = (day: Instance) =>
  parseCustomerCsv(writeInstanceCsv(day, 'decimal-comma'), {
    name: day.name,
    capacity: day.capacity,
    vehicles: day.vehicles,
    speedKmh: day.coordinates?.kind === 'geo' ? day.coordinates.speedKmh : undefined,
  });

describe('customer CSV for Excel in a comma-decimal language', () => {
  it("separates the columns with ';' and writes the numbers with a decimal comma, the text as the standard file has it", () => {
    const lines = writeInstanceCsv(city, 'decimal-comma').trimEnd().split('\n');
    expect(lines).toEqual([
      'type;id;name;address;lat;lon;demand;ready;due;service',
      'depot;D;"Lager; Tor 2";Hauptstraße 1, München;48,137;11,575;0;07:00;18:00;0',
      'customer;K1;"\'=Bäckerei";;48,15;11,58;2,5;08:00:30;12:00;7,5',
      'customer;4.5;;;48,12;11,6;1;09:00;13:00;10',
    ]);
  });

  it('is read back by the import to the same day, on clock times and in minutes alike', () => {
    for (const day of [city, plane]) {
      const again = readBack(day);
      expect(again.instance).toEqual(day);
      expect(again.warnings).toEqual([]);
    }
  });
});
