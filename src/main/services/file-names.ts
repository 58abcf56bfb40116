import { basename, extname } from 'node:path';
import { EXPORT_ENDINGS } from '../../shared/api.js';
import { keptDayName } from '../../shared/domain.js';

/**
 * The names of the files the app writes (exports, sheets, model folders) and the day's name read back from one (the
 * import), by one rule: what the export's file name changed, the import gives back.
 */

/**
 * What a name made by safeFileName holds at most: 100 characters, and 250 bytes in UTF-8, so that with an extension
 * (".csv", ".pdf") it stays within the 255 bytes the disks of Linux and macOS allow a file or folder name. 100 letters
 * of a script written in 3 or 4 bytes each (Chinese, Japanese) are 300 to 400 bytes, and a model folder so named
 * could not be made.
 */
const SAFE_NAME_CHARS = 100;
const SAFE_NAME_BYTES = 250;

/** What a file name has for the spaces (and other signs) of the name it is made of: "Freitag Hamburg" is Freitag_Hamburg.csv. */
const GAP = '_';

/**
 * A name usable as a file name on every platform: letters of any script kept ("Süd", "Łódź"), the rest as _, cut
 * after whole characters (never inside a letter written in two UTF-16 units).
 */
export function safeFileName(name: string): string {
  let safe = '';
  let chars = 0;
  let bytes = 0;
  for (const ch of name.replace(/[^\p{L}\p{N}_.-]+/gu, GAP)) {
    bytes += Buffer.byteLength(ch);
    if (++chars > SAFE_NAME_CHARS || bytes > SAFE_NAME_BYTES) break;
    safe += ch;
  }
  return safe || 'instance';
}

/**
 * The day a customer table is imported as, named after its file: without the ending an export of the app gave it
 * ("Freitag_Hamburg-decimal-comma.csv" is the day "Freitag Hamburg", as "Freitag_Hamburg.csv" is), and with the spaces
 * the export's file name wrote as _ given back where the name has none of its own. A benchmark file (`table: false`)
 * keeps its name as written: C1_2_1 is the instance's own name. Kept as a save keeps a day's name: " monday .csv"
 * imports as "monday".
 */
export function importedDayName(fileName: string, table: boolean): string {
  const lower = fileName.toLowerCase();
  const ending = table
    ? Object.values(EXPORT_ENDINGS)
        .filter((end) => lower.endsWith(end))
        .sort((a, b) => b.length - a.length)[0]
    : undefined;
  const stem = ending ? fileName.slice(0, fileName.length - ending.length) : basename(fileName, extname(fileName));
  const spaced = table && !/\s/.test(stem) ? stem.replaceAll(GAP, ' ') : stem;
  return keptDayName(spaced) || 'imported';
}
