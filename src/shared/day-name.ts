import { EXPORT_ENDINGS } from './api.js';
import { keptDayName } from './domain.js';

/**
 * What a file name the app writes has for the spaces (and other signs) of the name it is made of: "Freitag Hamburg" is
 * Freitag_Hamburg.csv (safeFileName, src/main/services/file-names.ts). Here, beside the reading that gives it back.
 */
export const FILE_NAME_GAP = '_';

/**
 * The day an imported file is, by one rule for the app's Import and `jampr` alike.
 *
 * A benchmark file (`table: false`, Solomon or VRPLIB) is named by the name it gives itself (`ownName`: a Solomon
 * file's name line, a VRPLIB NAME header): R201 or C1_2_1 is the instance's own name, the one its published results and
 * `jampr bench` use, whatever a download or a colleague named the file. Where it names none (or only blanks), it is
 * named after its file, kept as written but its ending ("Tour_3.vrp" is "Tour_3").
 *
 * A customer table (`table: true`) has no name inside: it is named after its file, without the ending an export of the
 * app gave it ("Freitag_Hamburg-decimal-comma.csv" is the day "Freitag Hamburg", as "Freitag_Hamburg.csv" is), and
 * with the spaces the export's file name wrote as _ given back where the name has none of its own.
 *
 * Kept as a save keeps a day's name: " monday .csv" imports as "monday". `fileName` is the file's name, without its
 * folder.
 */
export function importedDayName(fileName: string, table: boolean, ownName?: string): string {
  const own = table ? '' : keptDayName(ownName ?? '');
  if (own) return own;
  const lower = fileName.toLowerCase();
  const ending = table
    ? Object.values(EXPORT_ENDINGS)
        .filter((end) => lower.endsWith(end))
        .sort((a, b) => b.length - a.length)[0]
    : undefined;
  const stem = ending ? fileName.slice(0, fileName.length - ending.length) : withoutExtension(fileName);
  const spaced = table && !/\s/.test(stem) ? stem.replaceAll(FILE_NAME_GAP, ' ') : stem;
  return keptDayName(spaced) || 'imported';
}

/** The name without its last ".ending", as Node's basename(name, extname(name)) gives it: ".profile" keeps its dot. */
function withoutExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}
