/**
 * Which CSV column holds which customer field. Header names match in any order and case, ignoring
 * spaces, underscores, punctuation, accents and a unit in brackets ("Ready Time", "ready_time", "READYTIME" and
 * "Ready time (HH:MM)" are the same), and a few common aliases are accepted, German and French ones among them. Columns that match nothing are ignored and reported back.
 */

import { COLUMN_ALIASES, type CsvField } from './csv-aliases.js';

export type { CsvField } from './csv-aliases.js';

const FIELDS = Object.keys(COLUMN_ALIASES) as CsvField[];

/**
 * Lower case, letters and digits only, accents dropped, and without a unit in brackets: "Demand (kg)" and "Service
 * time [min]" read as demand and servicetime, "Länge" and "Début" as lange and debut.
 */
export const normaliseHeader = (header: string): string =>
  header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/\([^)]*\)|\[[^\]]*\]/g, '')
    .replace(/[^a-z0-9]/g, '');

export interface ColumnMapping {
  /** Field -> column index. */
  index: Partial<Record<CsvField, number>>;
  /** Field -> header as written in the file. */
  names: Partial<Record<CsvField, string>>;
  ignored: string[];
  geo: boolean;
  problems: string[];
  /** Seconds per unit of a time column whose header names hours or seconds ("Service (h)": 3600). */
  units: Partial<Record<TimeField, number>>;
}

export type TimeField = 'ready' | 'due' | 'service';

/** Units a time column's header may name in brackets, in seconds (exact, unlike a sixtieth); minutes need none. */
const TIME_UNITS: Record<string, number> = Object.fromEntries([
  ...['h', 'hr', 'hrs', 'hour', 'hours', 'std', 'stunden'].map((u) => [u, 3600]),
  ...['s', 'sec', 'secs', 'second', 'seconds', 'sek', 'sekunden'].map((u) => [u, 1]),
]);

/** Units a duration cell may carry after its number ("10 min", "1.5 h", "90 s"), in seconds. */
const CELL_UNITS: Record<string, number> = {
  ...TIME_UNITS,
  ...Object.fromEntries(['min', 'mins', 'minute', 'minutes', 'minuten', 'm'].map((u) => [u, 60])),
};

/** A duration written with its unit in the cell ("10 min", "1,5 h" in a decimal-comma file), in minutes; else undefined. */
export function durationInCell(text: string, decimalComma: boolean): number | undefined {
  const m = /^(\d+(?:[.,]\d+)?)\s*([a-z]+)\.?$/i.exec(text);
  if (!m || (m[1].includes(',') && !decimalComma)) return undefined;
  const seconds = CELL_UNITS[m[2].toLowerCase()];
  return seconds === undefined ? undefined : (Number(m[1].replace(',', '.')) * seconds) / 60;
}

/** The unit in brackets of a time column's header, when it is hours or seconds: seconds per unit. */
function headerUnit(header: string): number | undefined {
  const unit = /\(([^)]*)\)|\[([^\]]*)\]/.exec(header);
  return unit ? TIME_UNITS[(unit[1] ?? unit[2]).trim().toLowerCase()] : undefined;
}

/** What a unit in a time column's header did to its numbers: said once per column. */
export function unitWarnings(mapping: ColumnMapping): string[] {
  return (Object.entries(mapping.units) as [TimeField, number][]).map(([field, seconds]) =>
    seconds === 3600
      ? `column ${mapping.names[field]} is in hours: its numbers are read as hours (0.5 = 30 minutes)`
      : `column ${mapping.names[field]} is in seconds: its numbers are read as seconds (900 = 15 minutes)`,
  );
}

/**
 * Headers that name the customer's id in one export and its name in another ("ID, Customer, Address" is common):
 * beside a column that is the field by its own name, such a header is read as the second field instead.
 */
const SECOND_READING: Partial<Record<string, CsvField>> = { customer: 'name', stop: 'name', kunde: 'name', cliente: 'name' };

/**
 * Every name a field is read from, as the aliases list them (English, then German, French, Spanish and Portuguese):
 * cut short, the list would hide the names of the file's own language.
 */
const acceptedNames = (field: CsvField): string => `accepted names, case, spaces and accents aside: ${COLUMN_ALIASES[field].join(', ')}`;

/**
 * The header's key as the aliases list it: as written, or without the word an export puts before a field's name
 * ("Delivery Window Start", "Order Weight", "Stop Duration") or, in French, Spanish and Portuguese, after it
 * ("Référence client", "Peso pedido"), where only that way it names a field.
 */
function fieldKey(key: string): string {
  const isAlias = (k: string) => FIELDS.some((f) => COLUMN_ALIASES[f].includes(k));
  if (isAlias(key)) return key;
  const prefix = QUALIFIERS.find((q) => key.startsWith(q) && isAlias(key.slice(q.length)));
  if (prefix) return key.slice(prefix.length);
  const suffix = TRAILING_QUALIFIERS.find((q) => key.endsWith(q) && isAlias(key.slice(0, -q.length)));
  return suffix ? key.slice(0, -suffix.length) : key;
}

/** Words exports put before a field's name, normalised. */
const QUALIFIERS = ['delivery', 'order', 'customer', 'stop', 'shipment', 'lieferung', 'liefer', 'kunden', 'livraison', 'entrega'];
/** Words French, Spanish and Portuguese exports put after it ("du client" normalises to "duclient"), longest first. */
const TRAILING_QUALIFIERS = [
  'duclient',
  'delcliente',
  'docliente',
  'commande',
  'livraison',
  'client',
  'cliente',
  'pedido',
  'entrega',
  'encomenda',
];

export function mapColumns(headers: string[]): ColumnMapping {
  const mapping: ColumnMapping = { index: {}, names: {}, ignored: [], geo: false, problems: [], units: {} };
  const secondReadings = new Set<CsvField>();
  const assign = (field: CsvField, header: string, i: number, second = false) => {
    mapping.index[field] = i;
    mapping.names[field] = header;
    if (second) secondReadings.add(field);
    else secondReadings.delete(field);
  };
  for (const [i, header] of headers.entries()) {
    const key = fieldKey(normaliseHeader(header));
    const field = FIELDS.find((f) => COLUMN_ALIASES[f].includes(key));
    if (!field) {
      if (header.trim() !== '') mapping.ignored.push(header);
      continue;
    }
    const earlier = mapping.names[field];
    if (earlier === undefined) {
      assign(field, header, i);
      continue;
    }
    // A column read in its second sense gives way to one that is the field by name ("Customer" beside "Name").
    if (secondReadings.has(field)) {
      mapping.ignored.push(earlier);
      assign(field, header, i);
      continue;
    }
    const second = SECOND_READING[key];
    if (second && mapping.names[second] === undefined) {
      assign(second, header, i, true);
      continue;
    }
    const earlierSecond = SECOND_READING[fieldKey(normaliseHeader(earlier))];
    if (earlierSecond && key === COLUMN_ALIASES[field][0]) {
      // The column named after the field wins; the other is read in its second sense, or left out if that is taken.
      if (mapping.names[earlierSecond] === undefined) assign(earlierSecond, earlier, mapping.index[field]!, true);
      else mapping.ignored.push(earlier);
      assign(field, header, i);
      continue;
    }
    mapping.problems.push(
      `columns ${columnPlace(mapping.index[field]!)} '${earlier}' and ${columnPlace(i)} '${header}' both give the ${field}; keep one`,
    );
  }
  for (const field of ['ready', 'due', 'service'] as const) {
    const seconds = mapping.names[field] === undefined ? undefined : headerUnit(mapping.names[field]);
    if (seconds !== undefined) mapping.units[field] = seconds;
  }
  const has = (f: CsvField) => mapping.index[f] !== undefined;
  const planar = has('x') || has('y');
  mapping.geo = has('lat') || has('lon');
  if (planar && mapping.geo) {
    // Named as the header writes them: 'lat' beside 'y' is one of each pair, not both pairs.
    const found = (fields: readonly CsvField[]) => {
      const names = fields.filter(has).map((f) => `'${mapping.names[f]}'`);
      return `column${names.length > 1 ? 's' : ''} ${names.join(' and ')}`;
    };
    mapping.problems.push(
      `x/y ${found(['x', 'y'])} and lat/lon ${found(['lat', 'lon'])} are both present: keep one pair (x and y, or lat and lon)`,
    );
  }
  const required: CsvField[] = ['id', ...(mapping.geo ? (['lat', 'lon'] as const) : (['x', 'y'] as const)), 'demand', 'ready', 'due'];
  for (const field of required) {
    // Without either pair the planar one is asked for: say that lat and lon are the other way to give a position.
    const orGeo = !mapping.geo && (field === 'x' || field === 'y') ? '; or lat and lon for positions in degrees' : '';
    if (!has(field)) mapping.problems.push(`missing column ${field} (${acceptedNames(field)}${orGeo})`);
  }
  return mapping;
}

/** A column as a spreadsheet shows it: its number and letter, "5 (E)", "28 (AB)" (index from 0). */
export function columnPlace(index: number): string {
  let letters = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return `${index + 1} (${letters})`;
}
