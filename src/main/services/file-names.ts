import { FILE_NAME_GAP } from '../../shared/day-name.js';

/**
 * The names of the files the app writes (exports, sheets, model folders) and the day's name read back from one (the
 * import), by one rule: what the export's file name changed, the import gives back (importedDayName,
 * src/shared/day-name.ts, which `jampr` reads a file's name by too).
 */

/**
 * What a name made by safeFileName holds at most: 100 characters, and 250 bytes in UTF-8, so that with an extension
 * (".csv", ".pdf") it stays within the 255 bytes the disks of Linux and macOS allow a file or folder name. 100 letters
 * of a script written in 3 or 4 bytes each (Chinese, Japanese) are 300 to 400 bytes, and a model folder so named
 * could not be made.
 */
const SAFE_NAME_CHARS = 100;
const SAFE_NAME_BYTES = 250;

/**
 * A name usable as a file name on every platform: letters of any script kept ("Süd", "Łódź"), the rest as _, cut
 * after whole characters (never inside a letter written in two UTF-16 units).
 */
export function safeFileName(name: string): string {
  let safe = '';
  let chars = 0;
  let bytes = 0;
  for (const ch of name.replace(/[^\p{L}\p{N}_.-]+/gu, FILE_NAME_GAP)) {
    bytes += Buffer.byteLength(ch);
    if (++chars > SAFE_NAME_CHARS || bytes > SAFE_NAME_BYTES) break;
    safe += ch;
  }
  return safe || 'instance';
}
