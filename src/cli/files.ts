import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  lstatSync,
  openSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  type Stats,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { inputError } from '../shared/errors.js';
import { fileErrorReason } from '../main/file-errors.js';
import type { CsvDialect } from '../main/vrp/io/csv-cells.js';
import { atEnd } from './interrupt.js';
import { usageError } from './usage.js';

/**
 * Files the user names on the command line: every way they can be wrong is an input error that names the file. An
 * --out that cannot be written is refused before any work as the option's value is (a usage error, which points to
 * the command's --help); a write that fails once the work is done is not.
 */

export function readTextFile(path: string, what: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (err) {
    throw inputError(`cannot read the ${what} ${path}: ${fileErrorReason(err)}`);
  }
}

const statOrNull = (path: string) => {
  try {
    return statSync(path);
  } catch {
    return null;
  }
};

/** The same file or folder under any name that leads to it (a hard link, a symlink, a relative path). */
const sameFile = (a: Stats, b: Stats | null): boolean => b !== null && a.dev === b.dev && a.ino === b.ino;

const canWrite = (path: string): boolean => {
  try {
    accessSync(path, constants.W_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * Checked before any work starts, so a long plan is never computed only to fail at the end. `inputs` are files the
 * command reads: writing over one of them (under any name that leads to it) would lose the dispatcher's data.
 */
export function checkWritable(path: string, inputs: readonly string[] = []): void {
  // '-' means stdout to many tools; jampr writes no file of that name (a stray '-' in the folder surprises later).
  if (path === '-') throw usageError("cannot write -: it is not a file name (jampr writes no file called '-'); give --out a file name");
  // "p.json/" names a folder: the path functions drop the slash and would write the file p.json, not what was typed.
  const slash = ['/', sep].find((s) => path.endsWith(s));
  if (slash) throw usageError(`cannot write ${path}: it ends in ${slash} and so names a folder, not a file; drop the ${slash}`);
  const real = followLinks(path);
  const folder = dirname(real);
  if (!statOrNull(folder)?.isDirectory()) throw usageError(`cannot write ${path}: the folder ${folder} does not exist`);
  const target = statOrNull(real);
  if (target?.isDirectory()) throw usageError(`cannot write ${path}: it is a folder, not a file`);
  const input = target && inputs.find((i) => sameFile(target, statOrNull(i)));
  if (input) throw usageError(`cannot write ${path}: it is the input file ${input}, which would be overwritten; choose another --out`);
  // The file is replaced by a rename, which the folder allows whatever the file's own mode: a file made read-only (to
  // keep a plan sent out, say) is refused as an editor would, by its mode bits too, which root's access ignores.
  if (target?.isFile() && (!canWrite(real) || (target.mode & 0o222) === 0))
    throw usageError(`cannot write ${path}: the file is read-only; make it writable, or choose another --out`);
  // A pipe or a device (/dev/stdout) is written into, not replaced: it must be writable itself, not its folder.
  const [what, checked] = target && !target.isFile() ? [path, real] : [`the folder ${folder}`, folder];
  try {
    accessSync(checked, constants.W_OK);
  } catch {
    throw usageError(`cannot write ${path}: ${what} is not writable`);
  }
}

/**
 * The format a command writes to `path`, told by its extension. A name without one (or a pipe, /dev/stdout) gets
 * `otherwise`; an extension the command does not write (plan.tsv, plan.xlsx) is refused before any work starts,
 * where writing JSON under it would give a file its name says it is not.
 */
export function outputFormat<F extends string>(path: string, formats: Readonly<Record<string, F>>, otherwise: F): F {
  const extension = extname(path).toLowerCase();
  // Only a word counts as an extension: "plan-28.11" is a name with a date in it.
  if (!/^\.[a-z][a-z0-9]*$/.test(extension)) return otherwise;
  const format = formats[extension];
  if (format) return format;
  throw usageError(
    `cannot write ${path}: this command writes ${Object.keys(formats).join(' or ')} files, not ${extension}; choose another --out`,
  );
}

/**
 * The plan CSV's dialect from --decimal-comma (CsvDialect: for Excel in a comma-decimal language), given the format
 * --out writes (none without --out): the flag shapes a CSV file, and is refused rather than ignored without one.
 */
export function csvDialect(decimalComma: boolean | undefined, out: 'csv' | 'json' | undefined): CsvDialect {
  if (!decimalComma) return 'standard';
  if (out !== 'csv') {
    throw usageError(
      `--decimal-comma writes the plan CSV for Excel with decimal commas: give it with --out FILE.csv${out === 'json' ? ', not a file written as JSON (.json, or a name without an extension)' : ''}`,
    );
  }
  return 'decimal-comma';
}

/** Where a name leads once every symbolic link on it is followed (a link to a file not made yet included). */
function followLinks(path: string, hops = 0): string {
  const absolute = resolve(path);
  let link: string;
  try {
    if (!lstatSync(absolute).isSymbolicLink() || hops > 40) return absolute;
    link = readlinkSync(absolute);
  } catch {
    return absolute;
  }
  return followLinks(resolve(dirname(absolute), link), hops + 1);
}

/**
 * A folder to write into (created if missing): checked before any work starts, like checkWritable; never one of
 * `inputs` (folders the command reads, such as the model it starts from, which would be overwritten), nor one
 * that holds a model already.
 */
export function checkOutputFolder(path: string, inputs: readonly string[] = []): void {
  const stat = statOrNull(path);
  if (stat && !stat.isDirectory()) throw usageError(`cannot write into ${path}: it is a file, not a folder`);
  const input = stat && inputs.find((i) => sameFile(stat, statOrNull(i)));
  if (input)
    throw usageError(`cannot write into ${path}: it is ${input}, read by this command, which would be overwritten; choose another --out`);
  // A model already there (a shipped one, or an earlier run's) would be replaced by this run's checkpoint.
  if (stat && existsSync(join(path, 'card.json')))
    throw usageError(`cannot write into ${path}: it holds a model (card.json) that this run would overwrite; choose a new --out folder`);
  const existing = stat ? resolve(path) : dirname(resolve(path));
  if (!statOrNull(existing)?.isDirectory()) throw usageError(`cannot write into ${path}: the folder ${existing} does not exist`);
  try {
    accessSync(existing, constants.W_OK);
  } catch {
    throw usageError(`cannot write into ${path}: the folder ${existing} is not writable`);
  }
}

/**
 * Writes the file whole or not at all: into a temporary file beside it, then renamed over it, so Ctrl-C (which ends
 * the process wherever it is while a file is written) or a full disk never leaves half a plan under the name asked for.
 */
export function writeTextFile(path: string, text: string): void {
  // Through symbolic links to the file they name ("latest.json" -> today's file), never over the link itself; a
  // pipe or a device (/dev/stdout) is written into: renaming a file over it would replace it.
  const real = followLinks(path);
  if (statOrNull(real)?.isFile() === false) {
    try {
      writeFileSync(real, text);
      return;
    } catch (err) {
      throw inputError(`cannot write ${path}: ${fileErrorReason(err)}`);
    }
  }
  const partial = `${real}.${process.pid}.partial`;
  try {
    writeFileSync(partial, text);
    renameSync(partial, real);
  } catch (err) {
    rmSync(partial, { force: true });
    // The folder was there when checked: a file that cannot be created in it is refused by the folder (/proc, a
    // mount that takes no new files), not missing.
    const missing = (err as NodeJS.ErrnoException).code === 'ENOENT' && statOrNull(dirname(real))?.isDirectory();
    throw inputError(`cannot write ${path}: ${missing ? `no file can be created in the folder ${dirname(real)}` : fileErrorReason(err)}`);
  }
}

/** A file written piece by piece (streamTextFile). */
export interface TextFileStream {
  write(text: string): void;
  /** Puts the file under its name: until then nothing is there (a pipe or a device has had every piece). */
  finish(): void;
  /** Whether what was written so far has reached `path` itself (a pipe, a device), with nothing to take back. */
  readonly direct: boolean;
}

/**
 * writeTextFile for output too large to hold: each piece goes into the temporary file beside `path` as it comes, and
 * the file is renamed over `path` once finished. A run that ends before (an error, Ctrl-C, SIGTERM, SIGHUP) removes
 * the temporary file, so no half file is left under the name asked for, nor beside it.
 */
export function streamTextFile(path: string): TextFileStream {
  const real = followLinks(path);
  const direct = statOrNull(real)?.isFile() === false;
  const target = direct ? real : `${real}.${process.pid}.partial`;
  const failed = (err: unknown) => {
    if (!direct) rmSync(target, { force: true });
    return inputError(`cannot write ${path}: ${fileErrorReason(err)}`);
  };
  let fd: number | null;
  try {
    fd = openSync(target, direct ? 'w' : 'wx');
  } catch (err) {
    throw failed(err);
  }
  const close = () => {
    if (fd === null) return;
    closeSync(fd);
    fd = null;
  };
  atEnd(() => {
    if (fd === null) return;
    close();
    if (!direct) rmSync(target, { force: true });
  });
  return {
    direct,
    write(text) {
      try {
        writeSync(fd!, text);
      } catch (err) {
        close();
        throw failed(err);
      }
    },
    finish() {
      try {
        close();
        if (!direct) renameSync(target, real);
      } catch (err) {
        throw failed(err);
      }
    },
  };
}
