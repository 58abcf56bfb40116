import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { writeInstanceCsv, writePlanCsv } from '../../../src/main/vrp/io/csv-write.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { makeVariant } from '../../../src/shared/domain.js';
import type { Instance } from '../../../src/shared/domain.js';

// An id may not hold a tab (domain.ts, sent texts); a name may, and one starting with it is escaped like a formula.
const DANGEROUS = ["=cmd|' /C calc'!A0", '+1+1', '-2+3', '@SUM(A1)', '+TAB', "'quoted"];

const instance: Instance = {
  name: 'formulas',
  depot: { id: '=HYPERLINK("http://x")', x: 0, y: 0, ready: 0, due: 1000 },
  capacity: 100,
  vehicles: 6,
  customers: DANGEROUS.map((id, i) => ({
    id,
    // Names and addresses that start like a formula too: a phone number, a Dutch town, a list dash.
    name: ['+49 89 123', "'s-Hertogenbosch", '- back door', '@home', '\tTabbed', 'Plain'][i],
    address: ['=HYPERLINK("http://x";"click")', '+1 Main St', 'Main St', "'t Hoekje", '-', '@'][i],
    x: i + 1,
    y: -i - 1,
    demand: 1,
    ready: 0,
    due: 900,
    service: 1,
  })),
};

/** What a spreadsheet would see in each cell. */
const cells = (csv: string) => Papa.parse<string[]>(csv.trim()).data.flat();
const looksLikeFormula = (cell: string) => /^[=+\-@\t\r]/.test(cell);

describe('CSV exports and spreadsheet formulas', () => {
  it('neutralises every text cell that a spreadsheet would run, and the importer reads the ids back', () => {
    const csv = writeInstanceCsv(instance);
    expect(
      cells(csv)
        .filter((c) => Number.isNaN(Number(c)))
        .filter(looksLikeFormula),
    ).toEqual([]);
    expect(csv).toContain("'=cmd|' /C calc'!A0");
    const back = parseCustomerCsv(csv, { name: 'formulas', capacity: 100, vehicles: 6 }).instance;
    expect(back.depot.id).toBe(instance.depot.id);
    expect(back.customers.map((c) => c.id)).toEqual(DANGEROUS);
    // Names and addresses come back as they were, however often the file goes out and in again.
    const twice = parseCustomerCsv(writeInstanceCsv(back), { name: 'formulas', capacity: 100, vehicles: 6 }).instance;
    for (const day of [back, twice]) {
      expect(day.customers.map((c) => [c.name, c.address])).toEqual(instance.customers.map((c) => [c.name, c.address]));
    }
    // Negative numbers stay numbers: only text is escaped.
    expect(back.customers.map((c) => c.y)).toEqual(instance.customers.map((c) => c.y));
  });

  it('reads a name of only a tab, escaped on export, back as no name rather than an apostrophe', () => {
    const day: Instance = {
      ...instance,
      customers: instance.customers.map((c, i) => ({ ...c, name: ['\t', ' ', "'\t"][i] ?? c.name })),
    };
    const back = parseCustomerCsv(writeInstanceCsv(day), { name: 'formulas', capacity: 100, vehicles: 6 }).instance;
    // Every cell's outer spaces are trimmed: white space alone is no name, as a blank cell is; "'<tab>" keeps its "'".
    expect(back.customers.slice(0, 3).map((c) => c.name)).toEqual([undefined, undefined, "'"]);
  });

  it('neutralises the ids in a plan schedule', () => {
    const evaluation = evaluatePlan(buildProblem(instance), [DANGEROUS], makeVariant('tw2'));
    const csv = writePlanCsv(instance, evaluation, 'tw2');
    expect(
      cells(csv)
        .filter((c) => Number.isNaN(Number(c)))
        .filter(looksLikeFormula),
    ).toEqual([]);
    expect(csv).toContain("'@SUM(A1)");
  });
});
