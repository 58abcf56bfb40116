import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { inputDetails } from './input-details.js';

/** How the tests of files other programs write read a customer CSV: a day fleet at 30 km/h. */
export const fleet = { name: 'day', capacity: 10_000, speedKmh: 30 };
export const HEADER = 'id,x,y,demand,ready,due,service';
export const read = (rows: string[], separator = '\n') => parseCustomerCsv(rows.join(separator), fleet);
export const refusal = (rows: string[]): string[] => inputDetails(() => read(rows));
export const windows = (rows: string[], separator = '\n') =>
  read(rows, separator).instance.customers.map((c) => [c.ready, c.due, c.service]);
