import { basename, extname } from 'node:path';
import { EXPORT_ENDINGS } from '../../../shared/api.js';
import { keptDayName } from '../../../shared/domain.js';

/**
 * What a file name the app writes has for the spaces (and other signs) of the name it is made of: "Freitag Hamburg" is
 * Freitag_Hamburg.csv (safeFileName, src/main/services/file-names.ts). Here, beside the reading that gives it back.
 */
export const FILE_NAME_GAP = '_';

/**
 * The day a customer table is imported as, named after its file, by the app's Import and `jampr` alike: without the
 * ending an export of the app gave it ("Freitag_Hamburg-decimal-comma.csv" is the day "Freitag Hamburg", as
 * "Freitag_Hamburg.csv" is), and with the spaces the export's file name wrote as _ given back where the name has none
 * of its own. A benchmark file (`table: false`) keeps its name as written: C1_2_1 is the instance's own name. Kept as
 * a save keeps a day's name: " monday .csv" imports as "monday". `fileName` is the file's name, without its folder.
 */
export function importedDayName(fileName: string, table: boolean): string {
  const lower = fileName.toLowerCase();
  const ending = table
    ? Object.values(EXPORT_ENDINGS)
        .filter((end) => lower.endsWith(end))
        .sort((a, b) => b.length - a.length)[0]
    : undefined;
  const stem = ending ? fileName.slice(0, fileName.length - ending.length) : basename(fileName, extname(fileName));
  const spaced = table && !/\s/.test(stem) ? stem.replaceAll(FILE_NAME_GAP, ' ') : stem;
  return keptDayName(spaced) || 'imported';
}
