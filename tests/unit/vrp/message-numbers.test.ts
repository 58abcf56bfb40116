import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { evaluatePlan } from '../../../src/main/vrp/evaluate.js';
import { writePlanCsv } from '../../../src/main/vrp/io/csv-write.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import { type Instance, makeVariant } from '../../../src/shared/domain.js';
import { formatNumber, messageNumber } from '../../../src/shared/number-text.js';

/**
 * A planar day of big figures: two orders that fill more than the van's 1000 together, the second reached far past
 * its window (times in the thousands), and one order no van carries.
 */
const day: Instance = {
  name: 'big',
  depot: { id: 'D', x: 0, y: 0, ready: 0, due: 5000 },
  capacity: 1000,
  vehicles: 2,
  customers: [
    { id: 'A', x: 1200, y: 0, demand: 600, ready: 0, due: 4000, service: 0 },
    { id: 'B', x: 1200, y: 34.5, demand: 634.5, ready: 0, due: 1000, service: 0 },
    { id: 'H', x: 10, y: 0, demand: 1500, ready: 0, due: 4000, service: 0 },
  ],
};
const evaluation = evaluatePlan(buildProblem(day), [['A', 'B']], makeVariant('tw1'));
const message = (kind: string) => evaluation.violations.find((v) => v.kind === kind)?.message;
const notes = (dialect: 'standard' | 'decimal-comma') =>
  Papa.parse<string[]>(writePlanCsv(day, evaluation, 'tw1', { dialect }).trim(), { delimiter: dialect === 'standard' ? ',' : ';' })
    .data.map((row) => row.at(-1))
    .filter(Boolean);

describe("the evaluator's messages write numbers without a thousands separator", () => {
  it('writes a load, a capacity, a time and a demand as 1234.5 and 1000, which no reader of decimal commas takes for 1.2345 or 1', () => {
    // The views' figures keep theirs (tables and totals); a figure in a sentence has none.
    expect(formatNumber(1234.5)).toBe('1,234.5');
    expect(messageNumber(1234.5)).toBe('1234.5');
    expect(message('capacity')).toBe('route 1 loads 1234.5 at the depot, above the capacity 1000 (the orders pass it at customer B)');
    expect(message('late')).toBe('customer B is reached at 1234.5, 234.5 after its due time 1000');
    expect(message('unserved')).toBe("customer H is not served: its demand is more than a vehicle's capacity of 1000 (demand 1500)");
  });

  it("keeps the plan CSV's notes readable in either dialect: a decimal point in the standard file, as its number cells in the decimal-comma one", () => {
    expect(notes('standard')).toContain('late: customer B is reached at 1234.5, 234.5 after its due time 1000');
    expect(notes('decimal-comma')).toContain('late: customer B is reached at 1234,5, 234,5 after its due time 1000');
    expect(notes('decimal-comma')).toContain("its demand is more than a vehicle's capacity of 1000 (demand 1500)");
  });
});
