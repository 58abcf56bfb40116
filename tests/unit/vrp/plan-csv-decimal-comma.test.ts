import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { writePlanCsv } from '../../../src/main/vrp/io/csv-write.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { type Instance, makeVariant } from '../../../src/shared/domain.js';

/** A planar day with decimals and negative positions, a name holding `;` and one that starts like a formula. */
const day: Instance = {
  name: 'komma',
  depot: { id: 'D', name: 'Lager; Tor 2', x: 0, y: 0, ready: 0, due: 1000 },
  capacity: 100,
  vehicles: 2,
  customers: [
    { id: '1', name: '=Bäckerei', x: -1.5, y: 2.25, demand: 2.5, ready: 10, due: 500, service: 2 },
    { id: '2', x: 3, y: -4.75, demand: 1, ready: 0, due: 500, service: 1.5 },
  ],
};
const evaluation = evaluatePlan(buildProblem(day), [['1', '2']], makeVariant('tw1'));
const rows = (text: string, delimiter: string) => Papa.parse<string[]>(text.trim(), { delimiter }).data;

describe('plan CSV for Excel in a comma-decimal language', () => {
  it("separates the columns with ';' and writes every number with a decimal comma, the cells otherwise the standard file's", () => {
    const standard = rows(writePlanCsv(day, evaluation, 'tw1'), ',');
    const comma = rows(writePlanCsv(day, evaluation, 'tw1', { dialect: 'decimal-comma' }), ';');
    expect(comma[0]).toEqual(standard[0]);
    // Positions as numbers with a comma; a negative one is a number, not escaped as a formula.
    expect(comma[2].slice(3, 8)).toEqual(['1', "'=Bäckerei", '', '-1,5', '2,25']);
    expect(comma[3].slice(3, 8)).toEqual(['2', '', '', '3', '-4,75']);
    // Every other cell as the standard file has it, a number's decimal point a comma (the times and the load too).
    const decimal = /^-?\d+\.\d+$/;
    expect(standard.flat().filter((cell) => decimal.test(cell)).length).toBeGreaterThan(4);
    expect(comma.map((row, r) => row.map((cell, c) => (decimal.test(standard[r][c]) ? cell.replace(',', '.') : cell)))).toEqual(standard);
  });

  it('escapes text that starts like a formula as the standard file does, and keeps a name with a semicolon in its cell', () => {
    const text = writePlanCsv(day, evaluation, 'tw1', { dialect: 'decimal-comma' });
    expect(text).toContain(`;"'=Bäckerei";`);
    expect(rows(text, ';')[1][4]).toBe('Lager; Tor 2');
  });

  it('writes the numbers in its notes with the decimal comma of its cells, and an id with a point as it is', () => {
    // Customer 4.5 is 2.5 out and closes at 1; its 2.5 are over the van's 2.
    const broken: Instance = {
      name: 'spät',
      depot: { id: 'D', x: 0, y: 0, ready: 0, due: 1000 },
      capacity: 2,
      vehicles: 1,
      customers: [{ id: '4.5', x: 1.5, y: 2, demand: 2.5, ready: 0, due: 1, service: 0 }],
    };
    const late = evaluatePlan(buildProblem(broken), [['4.5']], makeVariant('tw1'));
    const notes = rows(writePlanCsv(broken, late, 'tw1', { dialect: 'decimal-comma' }), ';').map((row) => row.at(-1));
    expect(notes.slice(2)).toEqual([
      'late: customer 4.5 is reached at 2,5, 1,5 after its due time 1',
      'over capacity: route 1 loads 2,5 at the depot, above the capacity 2 (the orders pass it at customer 4.5)',
    ]);
    // The standard file keeps its points.
    expect(rows(writePlanCsv(broken, late, 'tw1'), ',')[2].at(-1)).toBe('late: customer 4.5 is reached at 2.5, 1.5 after its due time 1');
  });
});
