import type { Customer, Instance } from '../../../shared/domain.js';
import { inputError } from '../../../shared/errors.js';
import { solomonSections } from '../../../shared/solomon-text.js';
import { importedDayName } from '../../../shared/day-name.js';
import { hasTableHeader } from './csv-shape.js';
import { checkFirst } from './first-customers.js';

/**
 * The classic Solomon (1987) text format: a name line, a VEHICLE section (count and capacity) and a
 * CUSTOMER section of rows `no x y demand ready due service`, the first row being the depot (0).
 * Ids are the customer numbers as written. Row values are taken as they are (no rounding).
 */

export interface SolomonOptions {
  /** Keep the depot and only the first N customers (the paper's 50-customer variants). */
  first?: number;
  /** Overrides the name on the file's first line. */
  name?: string;
  /** The file's name, without its folder: names the day where the file has no name line (importedDayName). */
  fileName?: string;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/**
 * A spreadsheet saved as "Text (Tab delimited)" gets .txt too: a file without the Solomon sections that has a table's
 * header, by the names the CSV import reads (csv-shape.ts `hasTableHeader`), is a customer table.
 */
export function isCustomerTable(text: string): boolean {
  return solomonSections(text).size === 0 && hasTableHeader(text);
}

/** The columns of the CUSTOMER section, as its heading names them, by the field each gives (the import's preview shows them). */
export const SOLOMON_COLUMNS = {
  id: 'CUST NO.',
  x: 'XCOORD.',
  y: 'YCOORD.',
  demand: 'DEMAND',
  ready: 'READY TIME',
  due: 'DUE DATE',
  service: 'SERVICE TIME',
} as const;

export function readSolomon(text: string, options: SolomonOptions = {}): Instance {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const problems: string[] = [];
  const vehicleAt = lines.findIndex((l) => /^\s*VEHICLE\s*$/i.test(l));
  // The name line: the first line with text, where it comes before the VEHICLE heading.
  const named = lines.findIndex((l) => l.trim() !== '');
  const customerAt = lines.findIndex((l) => /^\s*CUSTOMER\s*$/i.test(l));
  if (vehicleAt < 0) problems.push('no VEHICLE section');
  if (customerAt < 0) problems.push('no CUSTOMER section');
  if (problems.length) throw inputError('Not a Solomon instance file', problems);

  let fleet: number[] | undefined;
  const rows: string[][] = [];
  lines.forEach((line, i) => {
    const fields = line.trim().split(/\s+/);
    if (line.trim() === '' || i <= vehicleAt || i === customerAt) return;
    if (i < customerAt) {
      if (fleet || !fields.every((f) => NUMBER.test(f))) return; // the "NUMBER CAPACITY" heading
      if (fields.length === 2) fleet = fields.map(Number);
      else problems.push(`line ${i + 1}: expected the vehicle number and capacity, found ${fields.length} values`);
      return;
    }
    if (/^CUST/i.test(fields[0])) return; // the column heading
    const bad = fields.slice(1).filter((f) => !NUMBER.test(f));
    if (fields.length !== 7)
      problems.push(`line ${i + 1}: expected 7 values (no, x, y, demand, ready, due, service), found ${fields.length}`);
    else if (bad.length) problems.push(`line ${i + 1}: ${bad.map((f) => `'${f}'`).join(', ')} is not a number`);
    else if (fields.some((f) => !Number.isFinite(Number(f)))) {
      const huge = fields.filter((f) => !Number.isFinite(Number(f)));
      problems.push(`line ${i + 1}: ${huge.map((f) => `'${f}'`).join(', ')} is too large a number`);
    } else rows.push(fields);
  });
  if (!fleet) problems.push('the VEHICLE section has no "number capacity" line');
  if (rows.length < 2) problems.push(`the CUSTOMER section has ${rows.length} rows; it needs the depot and at least one customer`);

  if (problems.length) throw inputError('Malformed Solomon instance file', problems);
  // Counted once every row reads: a malformed row is not among them.
  const first = options.first;
  checkFirst(first, rows.length - 1, options.fileName ?? 'the file');

  const [depotRow, ...customerRows] = rows;
  const [depotId, dx, dy, , dReady, dDue] = depotRow;
  const customers: Customer[] = customerRows.slice(0, first ?? customerRows.length).map(([id, x, y, demand, ready, due, service]) => ({
    id,
    x: Number(x),
    y: Number(y),
    demand: Number(demand),
    ready: Number(ready),
    due: Number(due),
    service: Number(service),
  }));
  const ownName = named < vehicleAt ? lines[named] : undefined;
  const baseName = options.name ?? importedDayName(options.fileName ?? '', false, ownName);
  return {
    name: first !== undefined && options.name === undefined ? `${baseName}-${first}` : baseName,
    depot: { id: depotId, x: Number(dx), y: Number(dy), ready: Number(dReady), due: Number(dDue) },
    capacity: fleet![1],
    vehicles: fleet![0],
    customers,
  };
}

/** Customer counts of the published files: Solomon's 25, 50 and 100, Gehring & Homberger's 200 to 1,000. */
const PUBLISHED_SIZES = new Set([25, 50, 100, 200, 400, 600, 800, 1000]);

/**
 * A file whose customer count is none of the published sizes may have been cut at a line boundary (nothing
 * else in the format shows it): worth a warning, not a refusal, as a dispatcher may write such files too.
 */
export function solomonSizeWarning(instance: Instance): string | null {
  const n = instance.customers.length;
  return PUBLISHED_SIZES.has(n)
    ? null
    : `${instance.name} has ${n} customers, none of the published sizes (${[...PUBLISHED_SIZES].join(', ')}): check that the file is complete`;
}

/** Right-aligned like the original files, always at least one space apart (long fractions stay intact). */
const cell = (v: number | string, width: number) => ` ${String(v).padStart(width - 1)}`;

/** Writes a planar instance in Solomon's layout (ids must be free of whitespace). */
export function writeSolomon(instance: Instance): string {
  if (instance.coordinates?.kind === 'geo') {
    throw inputError(`Instance ${instance.name} cannot be written in Solomon format`, [
      'it has latitude/longitude coordinates; Solomon files are planar',
    ]);
  }
  const spaced = [instance.depot, ...instance.customers]
    .filter((n) => n.id === '' || /\s/.test(n.id) || /^CUST/i.test(n.id))
    .map((n) => `id '${n.id}' is empty, contains whitespace or starts with CUST`);
  if (spaced.length) throw inputError(`Instance ${instance.name} cannot be written in Solomon format`, spaced);
  const { depot } = instance;
  const row = (id: string, x: number, y: number, q: number, a: number, b: number, h: number) =>
    [cell(id, 5), cell(x, 8), cell(y, 11), cell(q, 11), cell(a, 11), cell(b, 11), cell(h, 11)].join('');
  return [
    instance.name,
    '',
    'VEHICLE',
    'NUMBER     CAPACITY',
    `${cell(instance.vehicles, 4)}${cell(instance.capacity, 13)}`,
    '',
    'CUSTOMER',
    'CUST NO.   XCOORD.    YCOORD.    DEMAND  READY TIME   DUE DATE   SERVICE TIME',
    '',
    row(depot.id, depot.x, depot.y, 0, depot.ready, depot.due, 0),
    ...instance.customers.map((c) => row(c.id, c.x, c.y, c.demand, c.ready, c.due, c.service)),
    '',
  ].join('\n');
}
