/**
 * A position as maps, delivery notes and spreadsheets copy it, in one text, latitude (or x) first: "52.52, 13.405",
 * "52.52 13.405", "(52.52; 13.405)", a spreadsheet's two cells "52.52<TAB>13.405", and with decimal commas where ';',
 * a tab or a space keeps the numbers apart ("52,52;13,405"). A comma with its space between two decimal-comma numbers
 * ("52,52, 13,405") is not read: which comma parts the numbers is a guess. One rule for the CSV import's lead (a
 * column holding such pairs), the add dialog (a pair pasted into its latitude) and the position cells of the depot
 * and of a selected customer (a pair pasted or typed into either cell fills both).
 */
export interface LatLonPair {
  /** The numbers as written, for a field to show them unchanged. */
  lat: string;
  lon: string;
}

const POINTS = /^\(?\s*([+-]?\d{1,3}\.\d+)[ \t]*[,; \t][ \t]*([+-]?\d{1,3}\.\d+)\s*\)?$/;
const COMMAS = /^\(?\s*([+-]?\d{1,3},\d+)[ \t]*[; \t][ \t]*([+-]?\d{1,3},\d+)\s*\)?$/;
/** A number with decimals, as a degree is written in such a pair. */
const DEGREE = /^[+-]?\d{1,3}[.,]\d+$/;

/**
 * The two texts of a position written as one, as written, first then second; null when the text is not two numbers
 * (one number, an address). The numbers' ranges are not looked at: a cell checks each as it checks a typed one, and
 * says why it refuses one. A spreadsheet's row of two cells ("52.52<TAB>13.405", its line break dropped) is a pair
 * whatever the cells hold, as a block pasted over the two cells would be: each is checked there.
 */
export function positionPair(text: string): [string, string] | null {
  const row = text.replace(/(\r\n|\r|\n)$/, '');
  if (/[\r\n]/.test(row)) return null;
  const m = POINTS.exec(row.trim()) ?? COMMAS.exec(row.trim());
  if (m) return [m[1], m[2]];
  const cells = row.split('\t');
  return cells.length === 2 ? [cells[0].trim(), cells[1].trim()] : null;
}

const degrees = (text: string) => Number(text.replace(',', '.'));

/** A lat, lon pair both of whose numbers have decimals and lie in a latitude's and a longitude's range; else null. */
export function latLonPair(text: string): LatLonPair | null {
  const pair = positionPair(text);
  if (!pair?.every((n) => DEGREE.test(n))) return null;
  const [lat, lon] = pair;
  return Math.abs(degrees(lat)) <= 90 && Math.abs(degrees(lon)) <= 180 ? { lat, lon } : null;
}
