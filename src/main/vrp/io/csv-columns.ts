/**
 * Which CSV column holds which customer field. Header names match in any order and case, ignoring
 * spaces, underscores, punctuation and a unit in brackets ("Ready Time", "ready_time", "READYTIME" and
 * "Ready time (HH:MM)" are the same), and a few common aliases are accepted. Columns that match nothing are ignored and reported back.
 */

export type CsvField = 'type' | 'id' | 'name' | 'address' | 'x' | 'y' | 'lat' | 'lon' | 'demand' | 'ready' | 'due' | 'service';

/** Accepted header names per field, in normalised form. */
export const COLUMN_ALIASES: Record<CsvField, readonly string[]> = {
  type: ['type', 'kind', 'role', 'nodetype'],
  id: ['id', 'customer', 'customerid', 'custno', 'customerno', 'no', 'number', 'stop', 'stopid', 'stopno', 'code', 'ref', 'reference'],
  /** Optional: shown and exported, never used to plan. */
  name: ['name', 'customername', 'stopname', 'shop', 'company', 'client', 'clientname', 'recipient'],
  address: ['address', 'street', 'streetaddress', 'location', 'deliveryaddress'],
  x: ['x', 'xcoord', 'xcoordinate'],
  y: ['y', 'ycoord', 'ycoordinate'],
  lat: ['lat', 'latitude'],
  lon: ['lon', 'lng', 'long', 'longitude'],
  demand: ['demand', 'quantity', 'qty', 'load', 'weight', 'amount', 'units', 'volume', 'pallets', 'parcels'],
  ready: [
    'ready',
    'readytime',
    'earliest',
    'earliesttime',
    'earliestarrival',
    'twstart',
    'twopen',
    'windowstart',
    'windowopen',
    'timewindowstart',
    'timewindowfrom',
    'open',
    'opens',
    'from',
    'start',
    'starttime',
    'windowfrom',
    'twfrom',
    'notbefore',
  ],
  due: [
    'due',
    'duetime',
    'duedate',
    'latest',
    'latesttime',
    'latestarrival',
    'twend',
    'twclose',
    'windowend',
    'windowclose',
    'timewindowend',
    'timewindowto',
    'close',
    'closes',
    'to',
    'end',
    'endtime',
    'windowto',
    'twto',
    'until',
    'notafter',
  ],
  service: [
    'service',
    'servicetime',
    'serviceduration',
    'duration',
    'stopduration',
    'dwell',
    'dwelltime',
    'servicemin',
    'servicemins',
    'serviceminutes',
    'unloadtime',
    'unloadingtime',
    'handlingtime',
    'stoptime',
    'timeonsite',
  ],
};

const FIELDS = Object.keys(COLUMN_ALIASES) as CsvField[];

/** Lower case, letters and digits only, and without a unit in brackets: "Demand (kg)" and "Service time [min]" read as demand and servicetime. */
export const normaliseHeader = (header: string): string =>
  header
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
}

/**
 * Headers that name the customer's id in one export and its name in another ("ID, Customer, Address" is common):
 * beside a column that is the field by its own name, such a header is read as the second field instead.
 */
const SECOND_READING: Partial<Record<string, CsvField>> = { customer: 'name', stop: 'name' };

export function mapColumns(headers: string[]): ColumnMapping {
  const mapping: ColumnMapping = { index: {}, names: {}, ignored: [], geo: false, problems: [] };
  const secondReadings = new Set<CsvField>();
  const assign = (field: CsvField, header: string, i: number, second = false) => {
    mapping.index[field] = i;
    mapping.names[field] = header;
    if (second) secondReadings.add(field);
    else secondReadings.delete(field);
  };
  for (const [i, header] of headers.entries()) {
    const key = normaliseHeader(header);
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
    const earlierSecond = SECOND_READING[normaliseHeader(earlier)];
    if (earlierSecond && key === COLUMN_ALIASES[field][0]) {
      // The column named after the field wins; the other is read in its second sense, or left out if that is taken.
      if (mapping.names[earlierSecond] === undefined) assign(earlierSecond, earlier, mapping.index[field]!, true);
      else mapping.ignored.push(earlier);
      assign(field, header, i);
      continue;
    }
    mapping.problems.push(`columns '${earlier}' and '${header}' both give the ${field}; keep one`);
  }
  const has = (f: CsvField) => mapping.index[f] !== undefined;
  const planar = has('x') || has('y');
  mapping.geo = has('lat') || has('lon');
  if (planar && mapping.geo) mapping.problems.push('both x/y and lat/lon columns are present; keep one pair');
  const required: CsvField[] = ['id', ...(mapping.geo ? (['lat', 'lon'] as const) : (['x', 'y'] as const)), 'demand', 'ready', 'due'];
  for (const field of required) {
    if (!has(field)) mapping.problems.push(`missing column ${field} (accepted names: ${COLUMN_ALIASES[field].join(', ')})`);
  }
  return mapping;
}
