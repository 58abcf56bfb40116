/**
 * What a header that misses a required column holds instead: the columns no field matched, named so that one meant as
 * a field can be renamed, and a lead where such a column's cells have a shape that says what it is (a window written
 * in one cell, a lat, lon pair in one cell). The "missing column" line alone names only what the reader looked for.
 */
import { parseClock } from '../../../shared/clock.js';
import { latLonPair } from '../../../shared/lat-lon-pair.js';
import type { ColumnMapping } from './csv-columns.js';
import type { Row } from './csv-rows.js';

/** Columns of the file that no field of the import matches by name: named, so that a column meant as one can be renamed. */
export const ignoredColumnsLine = (ignored: string[]): string[] =>
  ignored.length === 0 ? [] : [`column${ignored.length === 1 ? '' : 's'} not read (no field matches the name): ${ignored.join(', ')}`];

/** How many filled cells of a column are looked at: enough to tell a shape, few enough for a 100,000-row file. */
const SAMPLE = 20;

/** "08:00-10:00", "8:00 – 10:00", "8:00 AM - 5:00 PM": two times of day with a dash between them. */
function isTimeRange(cell: string): boolean {
  const m = /^(.+?)\s*[-–—]\s*(.+)$/.exec(cell);
  return m !== null && parseClock(m[1]) !== undefined && parseClock(m[2]) !== undefined;
}

/**
 * For a header that misses a required column: the columns no field matched, and what a column holds where every
 * sampled cell has one shape (a column of mixed cells is not guessed at). A column read as another field is looked at
 * too: `location` and `Adresse` are read as the address, yet may hold the lat, lon pair the file lacks.
 */
export function missingColumnLeads(header: Row, rows: readonly Row[], mapping: ColumnMapping): string[] {
  const has = (field: keyof ColumnMapping['index']) => mapping.index[field] !== undefined;
  const leads: string[] = [];
  for (const [i, name] of header.cells.entries()) {
    if (name.trim() === '') continue;
    const cells: string[] = [];
    for (const r of rows) {
      const cell = (r.cells[i] ?? '').trim();
      if (cell !== '') cells.push(cell);
      if (cells.length === SAMPLE) break;
    }
    if (cells.length === 0) continue;
    const example = `'${cells[0]}'`;
    if ((!has('ready') || !has('due')) && cells.every(isTimeRange)) {
      leads.push(`column ${name} holds both window times (${example}): split it into two columns, ready and due`);
    } else if (!mapping.geo && (!has('x') || !has('y')) && cells.every((cell) => latLonPair(cell) !== null)) {
      leads.push(`column ${name} holds a lat, lon pair (${example}): split it into two columns, lat and lon`);
    }
  }
  return [...ignoredColumnsLine(mapping.ignored), ...leads];
}
