import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import type { Instance } from '../../../shared/domain.js';
import { AppError, fromErrorData, inputError } from '../../../shared/errors.js';
import { fileErrorReason } from '../../file-errors.js';
import { checkInstance, validateInstance } from '../validate.js';
import { parseCustomerCsv } from './csv.js';
import { checkFirst } from './first-customers.js';
import { SAVE_AS_CSV } from './csv-shape.js';
import { parseInstanceJson, parseInstanceLines, parseSingleInstanceLines } from './json.js';
import { isCustomerTable, readSolomon, solomonSizeWarning } from './solomon.js';
import { readVrplib } from './vrplib.js';
import { decodeText } from '../../../shared/text-decoding.js';
import { importedDayName } from '../../../shared/day-name.js';

/**
 * Reading instances from files or text in any supported format. Everything returned here has passed
 * validateInstance, so callers can show a clear error at read time rather than at planning time.
 */

export type InstanceFormat = 'json' | 'jsonl' | 'solomon' | 'vrplib' | 'csv';

export interface ReadInstanceOptions {
  /** Keep only the first N customers (Solomon's 50-customer variants; any format). */
  first?: number;
  /** Fleet size: required nowhere, overrides the file's value where the format has one. */
  vehicles?: number;
  /** Vehicle capacity: required for CSV, overrides the file's value elsewhere. */
  capacity?: number;
  /** Travel speed for lat/lon data: required for lat/lon CSV, overrides a geo JSON instance's speed. */
  speedKmh?: number;
  /** Instance name; defaults to the day's name by importedDayName (the name in the file, else the file's name). */
  name?: string;
  /** Told about doubts that do not stop the reading: a Solomon file that may be cut short, CSV window times that look like dotted times of day. */
  onWarning?: (message: string) => void;
}

const EXTENSIONS: Record<string, InstanceFormat> = {
  '.json': 'json',
  // JSON Lines holding one instance, as `jampr generate --count 1` writes it.
  '.jsonl': 'jsonl',
  '.txt': 'solomon',
  '.vrp': 'vrplib',
  '.csv': 'csv',
  '.tsv': 'csv',
};

/** The instance files read, by extension (EXTENSIONS), for messages that say which a command takes. */
export const INSTANCE_FILE_KINDS =
  '.json (instance JSON) or .jsonl (JSON Lines of one instance), .txt (Solomon), .vrp (VRPLIB) or .csv or .tsv (customer CSV)';

/** Spreadsheet workbooks, which hold a customer list but are not read: saved as CSV, they are. */
const WORKBOOKS = new Set(['.xlsx', '.xlsm', '.xls', '.ods', '.numbers']);

export function formatOfPath(path: string): InstanceFormat {
  const extension = extname(path).toLowerCase();
  const format = EXTENSIONS[extension];
  if (WORKBOOKS.has(extension)) throw inputError(`${path} is a spreadsheet workbook, not a CSV`, [SAVE_AS_CSV]);
  if (!format) throw inputError(`Cannot tell the format of ${path}`, [`use ${INSTANCE_FILE_KINDS}`]);
  return format;
}

/** The file's text; a doubt about how its bytes were read (a code page other than Windows-1252) goes to onWarning. */
function readText(path: string, onWarning?: (message: string) => void): string {
  let decoded: ReturnType<typeof decodeText>;
  try {
    decoded = decodeText(readFileSync(path));
  } catch (e) {
    throw inputError(`cannot read ${path}: ${fileErrorReason(e)}`);
  }
  if (decoded.warning) onWarning?.(decoded.warning);
  return decoded.text;
}

/** The day cut to its first `first` customers; `file` names the file in the refusal of more than it holds. */
function keepFirst(instance: Instance, first: number | undefined, file: string): Instance {
  if (first === undefined) return instance;
  checkFirst(first, instance.customers.length, file);
  // Named for what it holds, as a Solomon file's first N are ("R201-50"): a plan of the cut day is not the whole day's.
  return { ...instance, name: `${instance.name}-${first}`, customers: instance.customers.slice(0, first) };
}

function withOverrides(instance: Instance, options: ReadInstanceOptions): Instance {
  const coordinates =
    instance.coordinates?.kind === 'geo' && options.speedKmh !== undefined
      ? { kind: 'geo' as const, speedKmh: options.speedKmh }
      : instance.coordinates;
  return {
    ...instance,
    ...(options.name !== undefined ? { name: options.name } : {}),
    ...(options.vehicles !== undefined ? { vehicles: options.vehicles } : {}),
    ...(options.capacity !== undefined ? { capacity: options.capacity } : {}),
    ...(coordinates ? { coordinates } : {}),
  };
}

/**
 * The instance when it is valid (else an input error listing every problem, with the warnings it would have had);
 * its warnings go to onWarning.
 */
function checked(instance: Instance, options: ReadInstanceOptions, warn = true): Instance {
  const { problems, warnings } = checkInstance(instance);
  if (problems.length) throw inputError(`Instance ${instance.name} is invalid`, problems, warn ? warnings : []);
  if (warn) for (const warning of warnings) options.onWarning?.(warning);
  return instance;
}

/**
 * Parses instance text of a known format. Without options.name the day is named by importedDayName (the app's Import
 * and `jampr` alike): a customer table (CSV, or a spreadsheet saved as .txt) after `fileName`, a Solomon or VRPLIB file
 * by the name inside it, else after `fileName`. `file` names the text in the messages about a whole JSON file (several
 * instances where one is read, no JSON): its path where known.
 */
export function parseInstanceText(
  text: string,
  format: InstanceFormat,
  options: ReadInstanceOptions = {},
  fileName = 'instance',
  file?: string,
): Instance {
  switch (format) {
    case 'json':
      return checked(keepFirst(withOverrides(parseInstanceJson(text, file, options.onWarning), options), options.first, fileName), options);
    case 'jsonl':
      return checked(
        keepFirst(withOverrides(parseSingleInstanceLines(text, file, options.onWarning), options), options.first, fileName),
        options,
      );
    case 'solomon': {
      if (isCustomerTable(text)) {
        // Said first, with the table's own warnings after it: a refused table's problems (a column missing, a row out
        // of place) read as those of a table, not of the Solomon file a .txt usually is.
        const readAs = `${file === undefined ? fileName : basename(file)} is read as a customer table (a spreadsheet saved as text)`;
        const warnings: string[] = [];
        let table: Instance;
        try {
          table = parseInstanceText(text, 'csv', { ...options, onWarning: (w) => warnings.push(w) }, fileName);
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          throw fromErrorData({ ...err.toData(), warnings: [readAs, ...err.warnings] });
        }
        for (const warning of [readAs, ...warnings]) options.onWarning?.(warning);
        return table;
      }
      const instance = checked(withOverrides(readSolomon(text, { first: options.first, fileName }), options), options);
      const warning = options.first === undefined ? solomonSizeWarning(instance) : null;
      if (warning) options.onWarning?.(warning);
      return instance;
    }
    case 'vrplib':
      return checked(keepFirst(withOverrides(readVrplib(text, { fileName }), options), options.first, fileName), options);
    case 'csv': {
      const name = options.name ?? importedDayName(fileName, true);
      const { instance, warnings } = parseCustomerCsv(text, { ...options, name, fleetFrom: 'flags' });
      // The CSV's own warnings name its rows; with --first they are those of the day kept (the reader cuts it first).
      const read = checked(keepFirst(instance, options.first, fileName), options, false);
      for (const warning of warnings) options.onWarning?.(warning);
      return read;
    }
  }
}

/** Reads an instance file, picking the format by extension: .json, .jsonl (one instance), .txt (Solomon), .vrp (VRPLIB) or .csv. */
export function readInstanceFile(path: string, options: ReadInstanceOptions = {}): Instance {
  // The day is named as the app's Import names it (importedDayName): one rule, so a day exported by the app and
  // planned here keeps its name, and a benchmark file is the same day in both.
  return parseInstanceText(readText(path, options.onWarning), formatOfPath(path), options, basename(path), path);
}

/** Reads a JSON Lines file of instances (as `jampr generate` writes), each checked by the instance rules. */
export function readInstancesJsonl(path: string): Instance[] {
  const lines = parseInstanceLines(readText(path));
  // Named by line, as the malformed lines are: one way to find an instance in the file, blank lines counted.
  const problems = lines.flatMap(({ line, instance }) =>
    validateInstance(instance).map((p) => `line ${line} (instance ${instance.name}): ${p}`),
  );
  if (problems.length) throw inputError(`Instances in ${path} are invalid`, problems);
  const instances = lines.map((l) => l.instance);
  // Training on nothing would fall back to the generator without a word: the model would not know these days.
  if (instances.length === 0) throw inputError(`${path} holds no instances (one instance as JSON per line, as jampr generate writes)`);
  return instances;
}
