import { MAX_MAGNITUDE } from '../../../shared/limits.js';
import Papa from 'papaparse';
import type { Customer, Depot, Instance } from '../../../shared/domain.js';
import { inputError } from '../../../shared/errors.js';
import { clipped } from '../../../shared/issues.js';
import { checkInstance, type FileCells, partialCustomerProblems, type PartialCustomer } from '../validate.js';
import { readCell } from './csv-cells.js';
import {
  type ClockUse,
  dottedTimeWarnings,
  newClockUse,
  offsetWarnings,
  meridiemWarnings,
  plainNumbersAmongClockTimes,
  slashDateWarnings,
  unitsRead,
} from './csv-clock.js';
import { onOneClock, type OpenWindow } from './csv-one-clock.js';
import { dayFractionsProblem, serviceFractionsWarning } from './csv-day-fractions.js';
import { missingFleet } from './csv-fleet.js';
import { planeInDegreesWarning } from './plane-degrees.js';
import { ignoredColumnsLine, missingColumnLeads } from './csv-hints.js';
import { type CellProblem, cellProblemLines } from './csv-cell-problems.js';
import { cellMayBeEmpty, cellReader } from './csv-cell-reader.js';
import { commaFileDecimals, decimalMarks, type NumberStyle, numberStyle, numberStyleWarnings } from './csv-numbers.js';
import { CUSTOMER_TYPES, DEPOT_TYPES, typeWord } from './csv-aliases.js';
import { mapColumns, type ColumnMapping, type CsvField, unitWarnings } from './csv-columns.js';
import { shortRows } from './csv-short-rows.js';
import { longRows } from './csv-long-rows.js';
import { swappedLatLon } from './csv-swapped-axes.js';
import { isSolomonText } from '../../../shared/solomon-text.js';
import { isVrplibText } from '../../../shared/benchmark-text.js';
import { atCell, byRow, onRows, type Row, rowCells, rulesOnRows, withRow } from './csv-rows.js';
import {
  binaryFileProblem,
  depotOutOfPlace,
  detectDelimiter,
  headerHints,
  separatorLine,
  totalsRow,
  totalsRowProblem,
  unnamedColumnProblems,
  withoutTrailingSeparators,
} from './csv-shape.js';

/**
 * Customer CSV import. One row per node: the row whose `type` is "depot", or the first row when there
 * is no type column. Comma, semicolon, tab or '|' delimited (picked from the header line); with any but ','
 * a decimal comma is accepted too. Times are minutes or HH:MM (then the instance shows clock times).
 * Rows are numbered as in a spreadsheet: the header is row 1 and blank lines count.
 * Every bad row and column is listed in one error and nothing is imported; the result has also passed
 * the instance rules of validate.ts.
 */

export interface CsvFleetOptions {
  name: string;
  /** Fleet size; defaults to one vehicle per customer (docs/decisions.md). */
  vehicles?: number;
  /** Vehicle capacity: required. */
  capacity?: number;
  /** Travel speed for lat/lon data: required there, ignored for x/y data. */
  speedKmh?: number;
  /** Where a missing fleet value is given, for its message: the API request's fields or `jampr`'s flags. */
  fleetFrom?: 'request' | 'flags';
  /** Keep only the depot and the first N customer rows (`jampr --first`): the rest of the file is not read. */
  first?: number;
}

export interface CsvImport {
  instance: Instance;
  /** Field -> the header it was read from. */
  columns: Partial<Record<CsvField, string>>;
  /** Headers that matched no field. */
  ignoredColumns: string[];
  /** Data rows read (depot included). */
  rows: number;
  /** What was read but may not be what was meant (window times that look like dotted times of day). */
  warnings: string[];
}

const NO_SERVICE_COLUMN = 'the file has no service time column: every stop is planned with 0 minutes of service';

/** A customer row with a bad cell comes back as far as it was read, so its other rules can still be checked. */
type NodeResult = { depot: Depot } | { customer: Customer; openWindow: OpenWindow } | { partial: PartialCustomer } | undefined;

function readNode(
  row: Row,
  isDepot: boolean,
  mapping: ColumnMapping,
  decimalComma: boolean,
  problems: string[],
  bad: CellProblem[],
  clock: ClockUse,
  style: NumberStyle,
): NodeResult {
  const before = problems.length + bad.length;
  const { where, read } = cellReader(row, mapping, decimalComma, bad, clock, style);
  // Untrimmed: readCell takes the escape mark off before it trims.
  const text = (field: 'id' | 'name' | 'address') => readCell(row.cells[mapping.index[field]!] ?? '');
  const id = text('id');
  if (id === '') problems.push(`${where('id')}: the id is missing`);
  // Optional text columns: kept when filled, left out when empty or absent; unescaped like the id, since every
  // export escapes its text cells ("+49 89 …" comes back as it was, not with an apostrophe more each round trip).
  const name = text('name');
  const address = text('address');
  const labels = {
    ...(mapping.index.name !== undefined && name !== '' ? { name } : {}),
    ...(mapping.index.address !== undefined && address !== '' ? { address } : {}),
  };
  const empty = (field: CsvField) => cellMayBeEmpty(field, isDepot);
  const x = read(mapping.geo ? 'lon' : 'x', false, empty('x'));
  const y = read(mapping.geo ? 'lat' : 'y', false, empty('y'));
  // The depot's demand and service cells may be left empty; if filled they must be 0.
  const demand = read('demand', false, empty('demand'));
  // A customer's window cells may be left empty: no limit there but the depot's hours.
  const ready = read('ready', true, empty('ready'));
  const due = read('due', true, empty('due'));
  // A list without a service column (common in hand-made sheets) is planned with no time at the stops, and told so.
  const service = mapping.index.service === undefined ? 0 : read('service', true, empty('service'));
  if (isDepot) {
    // Without a type column the first row is the depot: a file of customers only lands here with its first one.
    const which = mapping.index.type === undefined ? ' (without a type column the first row is the depot: is its row missing?)' : '';
    if (demand) problems.push(`${where('demand')}: the depot's demand must be empty or 0${which}`);
    if (service) problems.push(`${where('service')}: the depot's service time must be empty or 0${which}`);
  }
  if (problems.length + bad.length > before) {
    return isDepot || id === '' ? undefined : { partial: { id, x, y, demand, ready, due, service, ...labels } };
  }
  if (isDepot) return { depot: { id, x: x!, y: y!, ready: ready!, due: due!, ...labels } };
  const openWindow = { ready: ready === undefined, due: due === undefined };
  return { customer: { id, x: x!, y: y!, demand: demand!, ready: ready ?? 0, due: due ?? 0, service: service!, ...labels }, openWindow };
}

/**
 * The rows `jampr --first N` keeps: the depot's and the first N others, so that every cell, warning and rule is the
 * day's that is planned. Where the depot is not clear (none, or two), nothing is cut: the whole file's problem is named.
 */
function firstRows(rows: Row[], depot: Row | undefined, first: number | undefined): Row[] {
  if (first === undefined || depot === undefined) return rows;
  let left = first;
  return rows.filter((row) => row === depot || left-- > 0);
}

/** Splits rows into the depot row and customer rows using the type column or, without one, position. */
function findDepot(rows: Row[], mapping: ColumnMapping, problems: string[]): Row | undefined {
  const typeAt = mapping.index.type;
  if (typeAt === undefined) return rows[0];
  const depots: Row[] = [];
  for (const row of rows) {
    const type = typeWord(row.cells[typeAt] ?? '');
    if (DEPOT_TYPES.includes(type)) depots.push(row);
    else if (type !== '' && !CUSTOMER_TYPES.includes(type)) {
      problems.push(
        `row ${row.number}, column ${mapping.names.type}: '${row.cells[typeAt].trim()}' is neither depot nor customer (accepted: ${[...DEPOT_TYPES.slice(0, 4), ...CUSTOMER_TYPES.slice(0, 4)].join(', ')} and their German, French, Spanish and Portuguese words)`,
      );
    }
  }
  const column = `column ${mapping.names.type}`;
  if (depots.length === 0)
    problems.push(
      `no row has type 'depot' in ${column}: mark the depot's row with depot in that column (or ${DEPOT_TYPES.slice(1).join(', ')})`,
    );
  if (depots.length > 1)
    problems.push(
      `more than one depot row (rows ${depots.map((r) => r.number).join(', ')}): keep one, and mark the other rows customer in ${column}`,
    );
  return depots.length === 1 ? depots[0] : undefined;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export function parseCustomerCsv(text: string, options: CsvFleetOptions): CsvImport {
  // Rows appended to a Windows file by another tool end in '\n' alone: one line end throughout, or the parser, which
  // takes the first line's, would merge them.
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  // A workbook or other binary file: say what it is, not which columns its bytes lack.
  const binary = binaryFileProblem(body);
  if (binary) throw inputError(`CSV ${clipped(options.name)} cannot be imported`, [binary]);
  // An instance or plan JSON given where a CSV is read: say so, not that six CSV columns are missing.
  if (/^\s*[[{]/.test(body) && isJson(body))
    throw inputError(`CSV ${clipped(options.name)} cannot be imported`, [
      'the file holds JSON, not CSV: a CSV has a header row and one row per stop (an instance JSON is read from a .json file by the jampr command line)',
    ]);
  // A Solomon or VRPLIB file named .csv or .tsv (`jampr` reads it as a .txt or a .vrp; the app's import reads it before
  // it gets here): said so, not that its columns are missing.
  if (isSolomonText(body))
    throw inputError(`CSV ${clipped(options.name)} cannot be imported`, [
      `the file is a Solomon benchmark instance (VEHICLE and CUSTOMER sections), not a customer table: the jampr command line reads it as a .txt file (jampr plan ${clipped(options.name)}.txt)`,
    ]);
  if (isVrplibText(body))
    throw inputError(`CSV ${clipped(options.name)} cannot be imported`, [
      `the file is a VRPLIB benchmark instance (DIMENSION header, NODE_COORD_SECTION), not a customer table: the jampr command line reads it as a .vrp file (jampr plan ${clipped(options.name)}.vrp)`,
    ]);
  const sep = separatorLine(body);
  const delimiter = sep.delimiter ?? detectDelimiter(sep.body);
  const parsed = Papa.parse<string[]>(sep.body, { delimiter, skipEmptyLines: false });
  const problems = parsed.errors.map((e) => `row ${(e.row ?? 0) + 1}: ${e.message}`);
  const records = parsed.data.map((cells, i) => ({ number: i + 1, cells })).filter((r) => r.cells.some((c) => c.trim() !== ''));
  const [first, ...allRows] = records;
  if (!first) throw inputError(`CSV ${clipped(options.name)} is empty`);
  const header = withoutTrailingSeparators(first, allRows);
  const mapping = mapColumns(header.cells);
  problems.push(...mapping.problems);
  // A title line or a plan's CSV: the columns the header misses are not what is wrong, so they are not listed.
  const hints = mapping.problems.length ? headerHints(header, allRows) : [];
  if (hints.length) problems.splice(0, problems.length, ...hints);
  // Otherwise the columns that were not read are likely the missing ones under another name or in another shape.
  else if (mapping.problems.length) problems.push(...missingColumnLeads(header, allRows, mapping));
  if (allRows.length === 0) problems.push('the file has a header but no rows');
  if (mapping.problems.length || allRows.length === 0) throw inputError(`CSV ${clipped(options.name)} cannot be imported`, problems);

  // A totals row at the foot is not a stop: refused as what it is, not for the cells a stop would need.
  const totals = totalsRow(allRows, mapping);
  const tableRows = allRows.filter((r) => r !== totals);
  const depotFirst = findDepot(tableRows, mapping, []);
  const kept = firstRows(tableRows, depotFirst, options.first);
  if (totals && kept.length === tableRows.length) problems.push(totalsRowProblem(totals));
  // A row that ends early is read with the cells it lacks empty, where it may leave them so; else told with its kind.
  const width = header.cells.length;
  const garbled = new Set(parsed.errors.map((e) => (e.row ?? 0) + 1));
  const short = shortRows(kept, width, mapping, depotFirst, garbled);
  const rows = short.rows;
  problems.push(...short.problems);
  // A ',' file may still write decimal commas, in quoted cells (Google Sheets in a German or French locale).
  const numberColumns = (['x', 'y', 'lat', 'lon', 'demand', 'ready', 'due', 'service'] as const).flatMap((f) => mapping.index[f] ?? []);
  const sheetsCommas = delimiter === ',' && commaFileDecimals(rows.flatMap((r) => numberColumns.map((i) => r.cells[i] ?? '')));
  const decimalComma = delimiter !== ',' || sheetsCommas;
  const markColumns = (['x', 'y', 'lat', 'lon', 'demand', 'service'] as const).flatMap((f) => (mapping.index[f] === undefined ? [] : [f]));
  const cellsOf = (fields: readonly (typeof markColumns)[number][]) =>
    rows.flatMap((r) => fields.map((f) => ({ text: r.cells[mapping.index[f] ?? -1] ?? '', amount: f === 'demand' })));
  const marks = decimalMarks(cellsOf(markColumns));
  const demandMarks = decimalMarks(cellsOf(markColumns.filter((f) => f === 'demand')));
  const style = numberStyle(marks, demandMarks, decimalComma, delimiter === '\t' || delimiter === '|' || sheetsCommas);
  // A row with a separator too many is told once, with what split it where the file tells it (csv-long-rows.ts).
  const tooLong = longRows(rows, header, mapping, { delimiter, decimalComma, style });
  problems.push(...tooLong.problems);
  const misshapen = new Set([...short.refused, ...tooLong.rows]);
  problems.push(
    ...unnamedColumnProblems(
      header,
      [...rows].filter((r) => !misshapen.has(r)),
      delimiter,
    ),
  );
  const depotRow = findDepot(rows, mapping, problems);
  // The messages quote a position, a demand or a time as its cell writes it ("'4818,3963'"), not as read back (validate.ts).
  const cellsOfRow = rowCells(rows, mapping);
  const shiftCells = cellsOfRow(depotRow?.number);
  const windowCells = rows.flatMap((row) => (['ready', 'due'] as const).map((f) => row.cells[mapping.index[f] ?? -1] ?? ''));
  const clock = newClockUse(windowCells);
  const bad: CellProblem[] = [];
  let depot: Depot | undefined;
  let customers: Customer[] = [];
  const rowsOfCustomer = new Map<string, number[]>();
  const customerRows: number[] = [];
  const partialRows: { row: number; customer: PartialCustomer }[] = [];
  const openWindows: OpenWindow[] = [];
  for (const row of rows) {
    if (misshapen.has(row)) continue;
    const node = readNode(row, row === depotRow, mapping, decimalComma, problems, bad, clock, style);
    if (node && 'depot' in node) depot = node.depot;
    if (node && 'partial' in node) partialRows.push({ row: row.number, customer: node.partial });
    if (node && 'customer' in node) {
      customers.push(node.customer);
      openWindows.push(node.openWindow);
      rowsOfCustomer.set(node.customer.id, [...(rowsOfCustomer.get(node.customer.id) ?? []), row.number]);
      customerRows.push(row.number);
    }
  }
  problems.push(...cellProblemLines(bad));
  const afternoons = meridiemWarnings(clock, depot, shiftCells);
  // Times saved as fractions of a day are told once for the file, not cell by cell, the depot's row read or not; the
  // rules between times wait until they are fixed.
  const fractions = dayFractionsProblem(clock);
  let unclocked = fractions !== null;
  const clockProblems: string[] = fractions ? [fractions] : [];
  if (depot && !fractions) ({ depot, customers, unclocked } = onOneClock(depot, customers, openWindows, partialRows, clock, clockProblems));
  problems.push(...clockProblems.map((p) => withRow(p, rowsOfCustomer, depotRow?.number)));
  if (!fractions) problems.push(...plainNumbersAmongClockTimes(clock));
  problems.push(...missingFleet(options, mapping.geo));

  const instance: Instance = {
    name: options.name,
    depot: depot ?? { id: '', x: 0, y: 0, ready: 0, due: 0 },
    // A missing capacity is reported above; a non-binding stand-in lets the other rules still be checked.
    capacity: options.capacity ?? MAX_MAGNITUDE,
    // One vehicle per customer by default; a file of the depot alone is named for that, not for a fleet of 0.
    vehicles: options.vehicles ?? Math.max(1, rows.length - 1),
    customers,
    ...(mapping.geo ? { coordinates: { kind: 'geo' as const, speedKmh: options.speedKmh ?? Number.NaN } } : {}),
    ...(clock.used ? { clockTimes: true } : {}),
  };
  // The rules need the depot; without it they wait for the next try. When every customer row is bad, "no
  // customers" would only mislead. A missing speed (reported above) only holds back the reach warnings: the rules run
  // with a stand-in, so every row's problem is listed at once.
  const rulesApply = depot && !unclocked && (customers.length > 0 || rows.length === 1);
  const checkedAs: Instance =
    mapping.geo && options.speedKmh === undefined ? { ...instance, coordinates: { kind: 'geo', speedKmh: 1 } } : instance;
  const cells: FileCells = (node, field) => cellsOfRow(node === 'depot' ? depotRow?.number : customerRows[node])?.(field);
  // As a save would check it: an id or a name over its length limit is the row's problem (the import keeps the day).
  const rules = rulesApply ? checkInstance(checkedAs, { sent: true, cells }) : { problems: [], warnings: [] };
  problems.push(...rulesOnRows(checkedAs, rules.problems, rowsOfCustomer, customerRows, depotRow?.number, mapping.names, cells));
  // A row with a bad cell is not in the instance; the rules on its other fields (each alone, and between them) are
  // still its problems.
  for (const { row, customer } of unclocked ? [] : partialRows) {
    problems.push(
      ...partialCustomerProblems(customer, instance, cellsOfRow(row), shiftCells).map(
        (p) => atCell(p, [row], undefined, mapping.names) ?? onRows([row], p),
      ),
    );
  }
  // Reach measured at a stand-in speed is no warning: the missing speed is the problem.
  const reach = checkedAs === instance ? rules.warnings.map((w) => withRow(w, rowsOfCustomer, depotRow?.number)) : [];
  const planeCells = rows.flatMap((r) => (['x', 'y'] as const).map((f) => r.cells[mapping.index[f] ?? -1] ?? ''));
  const degrees = depot ? planeInDegreesWarning(instance, mapping.names, planeCells) : null;
  const misplacedDepot = depotOutOfPlace(rows, mapping);
  const columnWarnings = [...(mapping.index.service === undefined ? [NO_SERVICE_COLUMN] : []), ...ignoredColumnsLine(mapping.ignored)];
  const cellWarnings = [
    ...unitWarnings({ ...mapping, units: unitsRead(mapping, clock) }),
    ...numberStyleWarnings(style),
    ...(degrees ? [degrees] : []),
    ...dottedTimeWarnings(clock),
    ...serviceFractionsWarning(clock),
    ...afternoons,
    ...offsetWarnings(clock),
    ...slashDateWarnings(clock),
    ...reach,
  ];
  // A file of lat and lon swapped, or with a depot row out of place, explains the rows' problems: said first, or last.
  // The warnings come with the refusal: one may explain a problem (a time read as morning), and the next try is the last.
  if (problems.length)
    throw inputError(
      `CSV ${clipped(options.name)} cannot be imported`,
      [...swappedLatLon(mapping, depot, customers), ...byRow(problems), ...misplacedDepot],
      [...columnWarnings, ...cellWarnings],
    );
  return {
    instance,
    columns: mapping.names,
    ignoredColumns: mapping.ignored,
    rows: rows.length,
    warnings: [...columnWarnings, ...misplacedDepot, ...cellWarnings],
  };
}
