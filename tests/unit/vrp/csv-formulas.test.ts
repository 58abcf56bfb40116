import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { writeInstanceCsv, writePlanCsv } from '../../../src/main/vrp/io/csv-write.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { makeVariant } from '../../../src/shared/domain.js';
import type { Instance } from '../../../src/shared/domain.js';

const DANGEROUS = ["=cmd|' /C calc'!A0", '+1+1', '-2+3', '@SUM(A1)', '\tTAB', "'quoted"];

const instance: Instance = {
  name: 'formulas',
  depot: { id: '=HYPERLINK("http://x")', x: 0, y: 0, ready: 0, due: 1000 },
  capacity: 100,
  vehicles: 6,
  customers: DANGEROUS.map((id, i) => ({ id, x: i + 1, y: -i - 1, demand: 1, ready: 0, due: 900, service: 1 })),
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
    // Negative numbers stay numbers: only text is escaped.
    expect(back.customers.map((c) => c.y)).toEqual(instance.customers.map((c) => c.y));
  });

  it('neutralises the ids in a plan schedule', () => {
    const evaluation = evaluatePlan(buildProblem(instance), [DANGEROUS], makeVariant('tw2'));
    const csv = writePlanCsv(instance, evaluation);
    expect(
      cells(csv)
        .filter((c) => Number.isNaN(Number(c)))
        .filter(looksLikeFormula),
    ).toEqual([]);
    expect(csv).toContain("'@SUM(A1)");
  });
});
