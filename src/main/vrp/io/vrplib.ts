import type { Customer, Instance } from '../../../shared/domain.js';
import { inputError } from '../../../shared/errors.js';
import { someOf } from '../../../shared/some-of.js';
import { importedDayName } from '../../../shared/day-name.js';

/**
 * The VRPLIB text format (CVRPLIB, the `vrplib` package, LKH-3) for VRPTW instances: `KEY : value` header
 * lines, then NODE_COORD_SECTION, DEMAND_SECTION, TIME_WINDOW_SECTION, optionally SERVICE_TIME_SECTION
 * (else the header's SERVICE_TIME applies to every customer), and DEPOT_SECTION (default: node 1).
 * Only EUC_2D files are read; travel stays unrounded Euclidean like every other planar instance.
 *
 * Ids follow the `vrplib` package and the `.sol` files of CVRPLIB: the node number minus one, so the depot
 * (node 1) is '0' and customers are '1'..'N', the numbers their best-known routes use.
 */

export interface VrplibOptions {
  /** Overrides the NAME header. */
  name?: string;
  /** The file's name, without its folder: names the day where the file has no NAME (importedDayName). */
  fileName?: string;
}

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const SECTIONS = ['NODE_COORD_SECTION', 'DEMAND_SECTION', 'TIME_WINDOW_SECTION', 'SERVICE_TIME_SECTION', 'DEPOT_SECTION'] as const;
type Section = (typeof SECTIONS)[number];
/** Values per row after the node number. */
const WIDTH: Record<Exclude<Section, 'DEPOT_SECTION'>, number> = {
  NODE_COORD_SECTION: 2,
  DEMAND_SECTION: 1,
  TIME_WINDOW_SECTION: 2,
  SERVICE_TIME_SECTION: 1,
};

interface Parsed {
  header: Map<string, string>;
  rows: Map<Section, Map<number, number[]>>;
  depots: number[];
}

function parse(text: string, problems: string[]): Parsed {
  const header = new Map<string, string>();
  const rows = new Map<Section, Map<number, number[]>>();
  const depots: number[] = [];
  let section: Section | null = null;
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw, index) => {
      const line = raw.trim();
      const at = `line ${index + 1}`;
      if (line === '' || line === 'EOF') return;
      const keyValue = /^([A-Z_]+)\s*:\s*(.*)$/.exec(line);
      if (keyValue) {
        header.set(keyValue[1], keyValue[2].trim());
        section = null;
        return;
      }
      if (/^[A-Z_]+_SECTION$/.test(line)) {
        section = (SECTIONS as readonly string[]).includes(line) ? (line as Section) : null;
        if (!section) problems.push(`${at}: ${line} is not supported (only ${SECTIONS.join(', ')})`);
        else if (section !== 'DEPOT_SECTION') rows.set(section, new Map());
        return;
      }
      if (section === null) {
        problems.push(`${at}: '${line}' is neither a KEY : value header nor inside a known section`);
        return;
      }
      const fields = line.split(/\s+/);
      const bad = fields.filter((f) => !NUMBER.test(f));
      if (bad.length) {
        problems.push(`${at}: ${bad.map((f) => `'${f}'`).join(', ')} is not a number`);
        return;
      }
      const values = fields.map(Number);
      if (section === 'DEPOT_SECTION') {
        for (const v of values) if (v !== -1) depots.push(v);
        return;
      }
      const width = WIDTH[section];
      if (values.length !== width + 1) {
        problems.push(`${at}: ${section} rows have the node number and ${width} value(s), found ${values.length} values`);
        return;
      }
      const node = values[0];
      const table = rows.get(section)!;
      if (table.has(node)) problems.push(`${at}: node ${node} appears twice in ${section}`);
      table.set(node, values.slice(1));
    });
  return { header, rows, depots };
}

/**
 * Where each field of a customer comes from in a VRPLIB file, by the field (the import's preview shows them, as it
 * shows a CSV's columns): the service time from its own section where the file has one, else the SERVICE_TIME header.
 */
export function vrplibColumns(text: string): Record<string, string> {
  return {
    id: 'node number − 1',
    x: 'NODE_COORD_SECTION',
    y: 'NODE_COORD_SECTION',
    demand: 'DEMAND_SECTION',
    ready: 'TIME_WINDOW_SECTION',
    due: 'TIME_WINDOW_SECTION',
    service: /^\s*SERVICE_TIME_SECTION\s*$/m.test(text) ? 'SERVICE_TIME_SECTION' : 'SERVICE_TIME',
  };
}

function positiveInteger(header: Map<string, string>, key: string, problems: string[]): number | undefined {
  const raw = header.get(key);
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) problems.push(`${key} '${raw}' is not a positive whole number`);
  return value;
}

export function readVrplib(text: string, options: VrplibOptions = {}): Instance {
  const problems: string[] = [];
  const { header, rows, depots } = parse(text, problems);
  const dimension = positiveInteger(header, 'DIMENSION', problems);
  const vehicles = positiveInteger(header, 'VEHICLES', problems);
  const capacity = Number(header.get('CAPACITY'));
  const serviceTime = header.has('SERVICE_TIME') ? Number(header.get('SERVICE_TIME')) : 0;
  const edgeType = header.get('EDGE_WEIGHT_TYPE') ?? 'EUC_2D';
  if (dimension === undefined) problems.push('no DIMENSION header');
  if (!header.has('CAPACITY') || !Number.isFinite(capacity) || capacity < 0)
    problems.push(`CAPACITY '${header.get('CAPACITY') ?? ''}' is missing or not a non-negative number`);
  if (!Number.isFinite(serviceTime) || serviceTime < 0)
    problems.push(`SERVICE_TIME '${header.get('SERVICE_TIME')}' is not a non-negative number`);
  if (edgeType !== 'EUC_2D') problems.push(`EDGE_WEIGHT_TYPE ${edgeType} is not supported (only EUC_2D)`);
  for (const section of ['NODE_COORD_SECTION', 'DEMAND_SECTION', 'TIME_WINDOW_SECTION'] as const) {
    if (!rows.has(section)) problems.push(`no ${section}${section === 'TIME_WINDOW_SECTION' ? ' (this reader takes VRPTW files)' : ''}`);
  }
  if (depots.length > 1) problems.push(`DEPOT_SECTION lists ${depots.length} depots; only one is supported`);
  if (problems.length) throw inputError('Malformed VRPLIB instance file', problems);

  const n = dimension!;
  const depotNode = depots[0] ?? 1;
  const nodes = Array.from({ length: n }, (_, k) => k + 1);
  if (depotNode < 1 || depotNode > n) problems.push(`the depot node ${depotNode} is not between 1 and DIMENSION ${n}`);
  for (const [section, table] of rows) {
    for (const node of table.keys()) {
      if (!Number.isInteger(node) || node < 1 || node > n) problems.push(`${section}: node ${node} is not between 1 and DIMENSION ${n}`);
    }
    const missing = nodes.filter((node) => !table.has(node));
    if (missing.length) problems.push(`${section} has no row for node${missing.length > 1 ? 's' : ''} ${listed(missing)}`);
  }
  if (n < 2) problems.push(`DIMENSION ${n} leaves no customer besides the depot`);
  if (problems.length) throw inputError('Malformed VRPLIB instance file', problems);

  const value = (section: Section, node: number, k = 0) => rows.get(section)!.get(node)![k];
  const service = (node: number) => (rows.has('SERVICE_TIME_SECTION') ? value('SERVICE_TIME_SECTION', node) : serviceTime);
  const customers: Customer[] = nodes
    .filter((node) => node !== depotNode)
    .map((node) => ({
      id: String(node - 1),
      x: value('NODE_COORD_SECTION', node, 0),
      y: value('NODE_COORD_SECTION', node, 1),
      demand: value('DEMAND_SECTION', node),
      ready: value('TIME_WINDOW_SECTION', node, 0),
      due: value('TIME_WINDOW_SECTION', node, 1),
      service: service(node),
    }));
  return {
    name: options.name ?? importedDayName(options.fileName ?? '', false, header.get('NAME')),
    depot: {
      id: String(depotNode - 1),
      x: value('NODE_COORD_SECTION', depotNode, 0),
      y: value('NODE_COORD_SECTION', depotNode, 1),
      ready: value('TIME_WINDOW_SECTION', depotNode, 0),
      due: value('TIME_WINDOW_SECTION', depotNode, 1),
    },
    capacity,
    // Without a VEHICLES header the fleet is unlimited in practice: one vehicle per customer.
    vehicles: vehicles ?? customers.length,
    customers,
  };
}

/** "2, 3, 5 and 2 more": keeps messages short for files with thousands of missing rows. */
function listed(nodes: number[]): string {
  return someOf(nodes, 5);
}

/** A VRPLIB solution file (`.sol`): `Route #k: c1 c2 ...` lines of customer numbers, then `Cost <value>`. */
export interface VrplibSolution {
  routes: string[][];
  cost?: number;
}

export function readVrplibSolution(text: string): VrplibSolution {
  const routes: string[][] = [];
  let cost: number | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const route = /^Route\s*#\d+\s*:(.*)$/i.exec(line);
    if (route) routes.push(route[1].trim().split(/\s+/).filter(Boolean));
    const total = /^Cost\s+([0-9.eE+-]+)$/i.exec(line);
    if (total) cost = Number(total[1]);
  }
  if (routes.length === 0) throw inputError('Not a VRPLIB solution file', ['no "Route #k: ..." lines']);
  return { routes, ...(cost !== undefined ? { cost } : {}) };
}
