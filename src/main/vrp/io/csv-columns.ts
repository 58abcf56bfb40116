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
  name: ['name', 'customername', 'stopname', 'shop', 'company'],
  address: ['address', 'street', 'streetaddress', 'location'],
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

export function mapColumns(headers: string[]): ColumnMapping {
  const mapping: ColumnMapping = { index: {}, names: {}, ignored: [], geo: false, problems: [] };
  headers.forEach((header, i) => {
    const key = normaliseHeader(header);
    const field = FIELDS.find((f) => COLUMN_ALIASES[f].includes(key));
    if (!field) {
      if (header.trim() !== '') mapping.ignored.push(header);
      return;
    }
    const earlier = mapping.names[field];
    if (earlier !== undefined) {
      mapping.problems.push(`columns '${earlier}' and '${header}' both give the ${field}; keep one`);
      return;
    }
    mapping.index[field] = i;
    mapping.names[field] = header;
  });
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
