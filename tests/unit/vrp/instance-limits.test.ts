import { describe, expect, it } from 'vitest';
import { generateInstance } from '../../../src/main/vrp/generate.js';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { writeInstanceCsv } from '../../../src/main/vrp/io/csv-write.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { validateInstance } from '../../../src/main/vrp/validate.js';
import { MAX_CUSTOMERS } from '../../../src/shared/limits.js';

describe('the instance size limit', () => {
  const largest = generateInstance(MAX_CUSTOMERS, createRng(1), 'largest');
  const tooLarge = generateInstance(MAX_CUSTOMERS + 1, createRng(1), 'too-large');

  it('accepts an instance at the limit and refuses one customer more, naming the limit', () => {
    expect(validateInstance(largest)).toEqual([]);
    expect(validateInstance(tooLarge)).toEqual(['customers: holds 2001 customers; 2000 are the most one instance may have']);
  });

  it('refuses a CSV with one customer row too many', () => {
    expect(() => parseCustomerCsv(writeInstanceCsv(tooLarge), { name: 'too-large', capacity: 200 })).toThrow(
      /holds 2001 customers; 2000 are the most/,
    );
  });
});
