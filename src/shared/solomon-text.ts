/**
 * Whether a text is a Solomon (1987) instance file, by its section headings: the import (the app's and `jampr`'s)
 * reads such a file as Solomon's, and the app's dialog takes its fleet from it (src/main/vrp/io/solomon.ts reads it).
 */

/** The Solomon sections whose heading line the text has: VEHICLE, CUSTOMER. */
export function solomonSections(text: string): Set<string> {
  return new Set(text.split(/\r?\n/).flatMap((l) => /^\s*(VEHICLE|CUSTOMER)\s*$/i.exec(l)?.[1].toUpperCase() ?? []));
}

/** A Solomon file by both its section headings. */
export const isSolomonText = (text: string): boolean => solomonSections(text).size === 2;
