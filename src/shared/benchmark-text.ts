/**
 * Which benchmark instance file a text is, by its own headings, whatever its file name: a Solomon (1987) file or a
 * VRPLIB one. The app's import reads such a file as `jampr` does, with the fleet it names (src/main/vrp/io reads
 * both), and its dialog starts with empty fleet fields, so that the file's fleet is taken unless one is typed.
 */
import { isSolomonText } from './solomon-text.js';

export type BenchmarkFormat = 'Solomon' | 'VRPLIB';

/** A VRPLIB file (CVRPLIB's Solomon and Homberger .vrp files) by its DIMENSION header and its NODE_COORD_SECTION. */
export const isVrplibText = (text: string): boolean => /^\s*DIMENSION\s*:/m.test(text) && /^\s*NODE_COORD_SECTION\s*$/m.test(text);

export function benchmarkFormat(text: string): BenchmarkFormat | null {
  if (isSolomonText(text)) return 'Solomon';
  if (isVrplibText(text)) return 'VRPLIB';
  return null;
}
