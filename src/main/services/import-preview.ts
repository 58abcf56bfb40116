/**
 * What the app's Import reads, without storing anything: a customer table (CSV, TSV, or a spreadsheet saved as .txt),
 * or a benchmark instance file (Solomon, VRPLIB) read by the loader `jampr` reads it with (parseInstanceText), with the
 * fleet it names. A file that is none of these is said to be, with what the Import reads.
 */
import type { CallRequest, CsvPreview } from '../../shared/api.js';
import { type BenchmarkFormat, benchmarkFormat } from '../../shared/benchmark-text.js';
import type { Instance } from '../../shared/domain.js';
import { AppError, inputError } from '../../shared/errors.js';
import { IMPORT_READS } from '../../shared/import-files.js';
import { clipped } from '../../shared/issues.js';
import { parseCustomerCsv } from '../vrp/io/csv.js';
import { hasTableHeader } from '../vrp/io/csv-shape.js';
import { parseInstanceText } from '../vrp/io/index.js';
import { readSolomon, SOLOMON_COLUMNS } from '../vrp/io/solomon.js';
import { readVrplib, vrplibColumns } from '../vrp/io/vrplib.js';
import { importedDayName } from '../../shared/day-name.js';

type PreviewRequest = CallRequest<'instances:previewCsv'>;

/** The loader `jampr` reads each benchmark format with (io/index.ts), and how the preview shows the file. */
const BENCHMARKS = {
  Solomon: { loader: 'solomon', fleet: readSolomon, columns: () => ({ ...SOLOMON_COLUMNS }) },
  VRPLIB: { loader: 'vrplib', fleet: readVrplib, columns: vrplibColumns },
} as const;

/**
 * A benchmark file picked in the app, read as `jampr` reads it: planar, times in minutes, and the fleet the file names
 * where the request gives none (a value given replaces the file's, as jampr's flags do).
 */
function previewBenchmark(request: PreviewRequest, format: BenchmarkFormat): CsvPreview {
  const warnings: string[] = [];
  const { vehicles, capacity } = request;
  const read = BENCHMARKS[format];
  // Named as `jampr` names the file (importedDayName): by the name inside it, else after the file.
  const instance = parseInstanceText(
    request.text,
    read.loader,
    { vehicles, capacity, onWarning: (w) => warnings.push(w) },
    request.fileName,
  );
  const own = read.fleet(request.text);
  const speed = unusedSpeedWarning(request, instance);
  return {
    fileName: request.fileName,
    columns: read.columns(request.text),
    rows: instance.customers.length + 1,
    instance,
    warnings: speed ? [...warnings, speed] : warnings,
    fleetInFile: { vehicles: own.vehicles, capacity: own.capacity, format },
  };
}

/** Parses a CSV (or a benchmark file: previewBenchmark) into a validated instance; nothing is stored. */
export function previewCsv(request: PreviewRequest): CsvPreview {
  const format = benchmarkFormat(request.text);
  if (format) return previewBenchmark(request, format);
  const parsed = readCustomerTable(request);
  const columns: Record<string, string> = {};
  for (const [field, header] of Object.entries(parsed.columns)) if (header !== undefined) columns[field] = header;
  const speed = unusedSpeedWarning(request, parsed.instance);
  const warnings = speed ? [...parsed.warnings, speed] : parsed.warnings;
  return { fileName: request.fileName, columns, rows: parsed.rows, instance: parsed.instance, warnings };
}

/**
 * The file read as a customer table. One whose first lines name no column of a customer table, and whose reading
 * fails for its missing columns, is none of the files the Import reads: said so, with what it reads, instead of every
 * column it lacks with every name each may have.
 */
function readCustomerTable(request: PreviewRequest) {
  try {
    return parseCustomerCsv(request.text, {
      name: importedDayName(request.fileName, true),
      vehicles: request.vehicles,
      capacity: request.capacity,
      speedKmh: request.speedKmh,
      fleetFrom: 'request',
    });
  } catch (err) {
    const missingColumns = err instanceof AppError && err.details?.some((d) => d.startsWith('missing column'));
    if (!missingColumns || hasTableHeader(request.text)) throw err;
    throw inputError(`${clipped(request.fileName)} cannot be imported`, [
      'it is not a customer table (none of its first lines names the columns one has: id, x and y or lat and lon, demand, ready, due), nor a Solomon or VRPLIB instance',
      IMPORT_READS,
    ]);
  }
}

/**
 * A travel speed sent with an x/y file is not used: their distance is the travel time. Said rather than refused (as
 * `jampr --speed` is), because the import dialog keeps the speed of the last lat/lon import in its field.
 */
function unusedSpeedWarning({ speedKmh, fileName }: PreviewRequest, instance: Instance): string | null {
  if (speedKmh === undefined || instance.coordinates?.kind === 'geo') return null;
  return `the travel speed ${speedKmh} km/h is not used: it applies to lat/lon files only, and ${clipped(fileName)} has x/y positions, whose distance is the travel time`;
}
