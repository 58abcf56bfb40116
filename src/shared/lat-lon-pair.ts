/**
 * A position as maps and delivery notes copy it, latitude first, in one text: "52.52, 13.405", "52.52 13.405",
 * "(52.52; 13.405)". Both numbers have decimals (so "52,52" stays a decimal comma) and lie in a latitude's and a
 * longitude's range. One rule for the CSV import's lead (a column holding such pairs) and the add dialog (a pair
 * pasted into its latitude).
 */
export interface LatLonPair {
  /** The numbers as written, for a field to show them unchanged. */
  lat: string;
  lon: string;
}

export function latLonPair(text: string): LatLonPair | null {
  const m = /^\s*\(?([+-]?\d{1,3}\.\d+)\s*[,;\s]\s*([+-]?\d{1,3}\.\d+)\)?\s*$/.exec(text);
  return m !== null && Math.abs(Number(m[1])) <= 90 && Math.abs(Number(m[2])) <= 180 ? { lat: m[1], lon: m[2] } : null;
}
