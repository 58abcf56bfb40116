/** Reading one row's cells of a customer CSV as numbers, times of day and durations. */

import { parseClock, parseDateTime } from '../../../shared/clock.js';
import type { CellProblem } from './csv-cell-problems.js';
import { type ClockUse, noteMeridiem, onFileClock } from './csv-clock.js';
import { type ColumnMapping, type CsvField, durationInCell, type TimeField } from './csv-columns.js';
import { degreesInCell } from './csv-degrees.js';
import { groupedBy, type NumberHint, numberHint, type NumberStyle, plainNumber } from './csv-numbers.js';
import type { Row } from './csv-rows.js';

/** Degrees with minutes and seconds that degreesInCell did not take: what it takes. */
const DEGREES_HINT: NumberHint = {
  kind: 'degrees',
  text: ' (degrees, minutes and seconds: N or S ends a latitude, E or W a longitude; minutes and seconds under 60)',
};

/**
 * Whether a row's cell of this field may be left empty: the depot's demand and service (0 there), a customer's window
 * times (its window then opens or closes with the shift), and the cells that only label or sort a row (name, address,
 * type). The id and the position are always needed. The one rule for reading a cell and for a row that ends early.
 */
export function cellMayBeEmpty(field: CsvField, isDepot: boolean): boolean {
  switch (field) {
    case 'id':
    case 'x':
    case 'y':
    case 'lat':
    case 'lon':
      return false;
    case 'demand':
    case 'service':
      return isDepot;
    case 'ready':
    case 'due':
      return !isDepot;
    default:
      return true;
  }
}

/** Reads cells of one row; a cell that cannot be read is added to `bad` (told per column where many fail alike). */
export function cellReader(
  row: Row,
  mapping: ColumnMapping,
  decimalComma: boolean,
  bad: CellProblem[],
  clock: ClockUse,
  style: NumberStyle,
) {
  const raw = (field: CsvField) => (row.cells[mapping.index[field]!] ?? '').trim();
  const where = (field: CsvField) => `row ${row.number}, column ${mapping.names[field]}`;
  const fail = (field: CsvField, kind: string, alone: string, many: string) =>
    bad.push({ row: row.number, column: mapping.names[field]!, kind, alone, many });
  const asNumber = (field: CsvField, cell: string) => {
    // 52°31'12"N: degrees, minutes and seconds in a coordinate column.
    const degrees = field === 'lat' || field === 'lon' ? degreesInCell(cell, field) : undefined;
    if (degrees !== undefined) return degrees;
    const text = plainNumber(cell);
    // Only an amount may carry a thousands separator: 13.405 in a coordinate is degrees to three decimals.
    if (field === 'demand' && decimalComma) {
      const cellText = `${where(field)}: '${text}'`;
      if (style.thousands && groupedBy(text, style.thousands)) {
        style.readAsThousands.push(cellText);
        return Number(text.split(style.thousands).join(''));
      }
      // Read with the decimal mark, said so unless the numbers show that mark, and only it, as a decimal mark.
      if (groupedBy(text, '.') && !(style.marks.point && !style.marks.comma)) style.pointUntold.push(cellText);
      if (style.commaEither && groupedBy(text, ',') && !(style.marks.comma && !style.marks.point)) style.commaUntold.push(cellText);
    }
    const t = decimalComma ? text.replace(',', '.') : text;
    if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return undefined;
    return Number(t);
  };
  const read = (field: CsvField, time: boolean, optional = false): number | undefined => {
    const text = raw(field);
    // A date belongs to a moment (a window's open or close), not to a duration such as the service time.
    const window = field === 'ready' || field === 'due';
    if (text === '') {
      // Only the depot's window cells are required: its hours are the shift, which a customer's blank cell follows.
      const shift = window
        ? ` (the depot's ${field === 'ready' ? 'opening' : 'closing'} time: the shift's ${field === 'ready' ? 'start' : 'end'})`
        : '';
      if (!optional) fail(field, 'missing', `the value is missing${shift}`, 'are empty');
      return undefined;
    }
    const n = asNumber(field, text);
    if (n !== undefined && !Number.isFinite(n)) {
      fail(field, 'too large', `'${text}' is too large a number`, `are too large numbers, such as '${text}'`);
      return undefined;
    }
    if (n !== undefined) {
      // A number in a column whose header names its unit is that many hours or seconds, whatever the file's clock.
      const seconds = mapping.units[field as TimeField];
      if (seconds !== undefined) {
        clock.inUnits.add(field as TimeField);
        return (n * seconds) / 60;
      }
      if (window) clock.numbers.push({ where: where(field), text, column: mapping.names[field]! });
      else if (field === 'service')
        clock.durations.push({ where: where(field), text, column: mapping.names[field]!, minutes: n, number: true });
      return n;
    }
    // A duration may carry its unit in the cell: "10 min", "1,5 h".
    const minutes = time ? (parseClock(text) ?? (window ? undefined : durationInCell(text, decimalComma))) : undefined;
    const dated = window && minutes === undefined ? onFileClock(parseDateTime(text, clock.slashOrder), clock) : undefined;
    if (minutes !== undefined || dated !== undefined) {
      // Only window times are moments of a day; a service of 0:15 is a duration, dated file or not, and does not
      // make the file's windows clock times (a file of minute windows may write its service so).
      if (window) clock.used = true;
      const cell = `${where(field)}: '${text}'`;
      if (field === 'service' && minutes !== undefined)
        clock.durations.push({ where: where(field), text, column: mapping.names[field]!, minutes, number: false });
      if (dated !== undefined) {
        clock.dated++;
        clock.firstDated ??= cell;
      } else if (window) {
        clock.undated++;
        clock.firstUndated ??= cell;
        if (minutes !== undefined) noteMeridiem(clock, where(field), text, minutes);
      }
      return minutes ?? dated;
    }
    // A two-digit year (03/12/26) leaves the century and, with it, the order of day and month open.
    const shortYear = window && /^\d{1,2}[./-]\d{1,2}[./-]\d{2}(\s|T|$)/.test(text.trim()) ? ': write the year with four digits' : '';
    const mixed = window && clock.slashMixed && text.includes('/') ? ': the file writes dates both day first and month first' : shortYear;
    const date = window ? ` or a date and time (2026-11-27 08:00${mixed})` : '';
    const expected = !time
      ? ''
      : window
        ? `, a time of day HH:MM (00:00 to 24:00, or 9:00 AM)${date}`
        : ', a duration H:MM (0:15) or a number with its unit (15 min)';
    const hint =
      (field === 'lat' || field === 'lon') && text.includes('°') ? DEGREES_HINT : numberHint(text, decimalComma, field === 'demand');
    const why = `${expected}${hint?.text ?? ''}`;
    fail(field, `not a number ${hint?.kind ?? ''}`, `'${text}' is not a number${why}`, `are not numbers, such as '${text}'${why}`);
    return undefined;
  };
  return { raw, where, read };
}
