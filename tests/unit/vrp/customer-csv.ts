import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { inputDetails } from './input-details.js';

/** The fleet the customer CSV tests read their files with, unless a test names its own. */
export const fleet = { name: 'shop', capacity: 100 };

/** The problems the import lists for `text`; fails the test where it does not refuse it. */
export const detailsOf = (text: string, options: Parameters<typeof parseCustomerCsv>[1] = fleet): string[] =>
  inputDetails(() => parseCustomerCsv(text, options));

/** A depot and two customers in plain minutes. */
export const BASIC = ['id,x,y,demand,ready,due,service', 'D,0,0,0,0,1000,0', '1,3,4,5,10,50,2', '2,6,8,7,0,200,3'].join('\n');
