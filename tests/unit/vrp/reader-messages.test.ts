import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCustomerCsv } from '../../../src/main/vrp/io/csv.js';
import { parseInstanceText } from '../../../src/main/vrp/io/index.js';
import { inputDetails } from './input-details.js';

const detailsOf = inputDetails;

const HEADER = 'id,x,y,demand,ready,due,service\nD,0,0,0,0,1000,0\n';
const csv = (rows: string) => () => parseCustomerCsv(HEADER + rows, { name: 'shop', capacity: 100 });

describe('what the readers say about bad values', () => {
  it('names the CSV row of a customer that breaks an instance rule, or that no plan can serve', () => {
    expect(detailsOf(csv('a,1,0,10,300,200,5\nb,0,10,500,0,200,5\n'))).toEqual([
      "row 3, columns ready, due: ready time '300' is after due time '200' for customer a",
    ]);
    // An order bigger than a vehicle is a warning: the rest of the day imports and is planned.
    expect(csv('a,1,0,10,0,200,5\nb,0,10,500,0,200,5\n')().warnings).toEqual([
      "row 4, column demand: customer b cannot be served: its demand is more than a vehicle's capacity of 100 (demand '500'), so every plan leaves it unserved; split the order into loads of at most 100, or raise the capacity",
    ]);
  });

  it('names the CSV row and column of a cell holding a control character, as for a cell that does not read', () => {
    const named = (rows: string) => () =>
      parseCustomerCsv(`id,name,x,y,demand,ready,due,service\nD,Depot,0,0,0,0,1000,0\n${rows}`, { name: 'shop', capacity: 100 });
    const fix = 'remove it (retype the text where it was pasted)';
    expect(detailsOf(named('a,Anna,1,0,10,0,200,5\nb,"B\u202Eckerei",0,10,5,0,200,5\n'))).toEqual([
      `row 4, column name: the text holds the invisible control character U+202E: ${fix}`,
    ]);
    // An id that breaks its line: the row, not the id (which the message would break over two lines).
    expect(detailsOf(named('"a\nx",Anna,1,0,10,0,200,5\n'))).toEqual([
      `row 3, column id: the text holds the invisible control character U+000A: ${fix}`,
    ]);
    // The depot's row, and a row whose other cell does not read, alike.
    expect(detailsOf(named('b,"Bo\u2066b",0,10,x,0,200,5\n'))).toEqual([
      "row 3, column demand: 'x' is not a number",
      `row 3, column name: the text holds the invisible control character U+2066: ${fix}`,
    ]);
    const depot = () =>
      parseCustomerCsv('id,name,x,y,demand,ready,due,service\nD,"De\u202Epot",0,0,0,0,1000,0\na,A,1,0,1,0,200,5\n', {
        name: 'shop',
        capacity: 100,
      });
    expect(detailsOf(depot)).toEqual([`row 2, column name: the text holds the invisible control character U+202E: ${fix}`]);
  });

  it('shows a huge value as written in the file, never as Infinity', () => {
    const details = detailsOf(csv('a,1e308,0,10,0,200,5\nb,0,10,1e309,0,200,5\n'));
    expect(details).toContain("row 4, column demand: '1e309' is too large a number");
    expect(details.join('\n')).not.toMatch(/Infinity/);
    // 1e308 would make every distance and cost overflow: refused, and said as written.
    expect(detailsOf(csv('a,1e308,0,10,0,200,5\n'))).toEqual([
      "row 3, column x: x '1e308' is too large for customer a: numbers in an instance are at most 1e9 in size",
    ]);
  });

  const r201 = readFileSync('data/solomon/R201.txt', 'utf8');

  it('warns about a Solomon file cut at a line boundary, and not about a whole one', () => {
    const warnings: string[] = [];
    const onWarning = (m: string) => warnings.push(m);
    parseInstanceText(r201, 'solomon', { onWarning });
    expect(warnings).toEqual([]);
    const lines = r201.trimEnd().split('\n');
    parseInstanceText(lines.slice(0, lines.length - 27).join('\n'), 'solomon', { onWarning });
    expect(warnings).toEqual([expect.stringMatching(/has 73 customers, none of the published sizes .*check that the file is complete/)]);
  });

  it("passes a CSV file's warnings on, as for a Solomon file (the CLI prints them)", () => {
    const warnings: string[] = [];
    const text = ['id,x,y,demand,ready,due,service', 'D,0,0,0,7,18,0', '1,0.1,0.1,5,7.30,11.00,2'].join('\n');
    const instance = parseInstanceText(text, 'csv', { capacity: 100, vehicles: 2, onWarning: (m) => warnings.push(m) });
    expect(instance.customers[0].ready).toBe(7.3);
    expect(warnings).toEqual([expect.stringMatching(/^row 3, column ready: '7\.30' and 1 more look like times of day written with a dot/)]);
  });

  it("warns about the day --first keeps, not the whole CSV's: its fleet and its far stops", () => {
    const rows = Array.from({ length: 8 }, (_, i) => `${i + 1},${i},1,40,0,1000,5`);
    const text = [HEADER.trimEnd(), ...rows, 'far,1000000,0,40,0,100000000,5'].join('\n');
    const whole: string[] = [];
    parseInstanceText(text, 'csv', { capacity: 100, vehicles: 1, onWarning: (m) => whole.push(m) });
    expect(whole.join('\n')).toMatch(/more than the fleet carries/);
    const kept: string[] = [];
    const day = parseInstanceText(text, 'csv', { capacity: 100, vehicles: 1, first: 2, onWarning: (m) => kept.push(m) });
    expect(day.customers.map((c) => c.id)).toEqual(['1', '2']);
    expect(day.name).toBe('instance-2');
    expect(kept).toEqual([]);
    // Without a fleet given, a vehicle per customer of the day kept.
    expect(parseInstanceText(text, 'csv', { capacity: 100, first: 3 }).vehicles).toBe(3);
    // The rows after the day kept are not read: neither their bad cells nor their doubts are the day's.
    const later = [text, 'bad,1,1,abc,0,1000,5', 'dotted,1,2,1,7.30,11.00,5'].join('\n');
    const said: string[] = [];
    expect(parseInstanceText(later, 'csv', { capacity: 100, first: 2, onWarning: (m) => said.push(m) }).customers).toHaveLength(2);
    expect(said).toEqual([]);
  });

  it('refuses a Solomon value too large for a number, naming the line', () => {
    const lines = r201.trimEnd().split('\n');
    const at = lines.length - 1;
    lines[at] = lines[at].replace(/\d+\s*$/, '1e309');
    expect(detailsOf(() => parseInstanceText(lines.join('\n'), 'solomon'))).toEqual([`line ${at + 1}: '1e309' is too large a number`]);
  });
});
