/**
 * Coordinates in degrees, minutes and seconds, as maps and GPS devices copy them: 52°31'12.0"N, 13°24'18"E,
 * N 52° 31.2', 52° 31' 12" N. Read into decimal degrees, the hemisphere giving the sign. Only a latitude takes N or S
 * and only a longitude E or W, so a swapped pair is refused here rather than read into the wrong place.
 */

const DMS =
  /^([NSEW])?\s*(\d{1,3}(?:[.,]\d+)?)\s*°\s*(?:(\d{1,2}(?:[.,]\d+)?)\s*['′’]\s*(?:(\d{1,2}(?:[.,]\d+)?)\s*(?:["″”]|''|′′))?)?\s*([NSEW])?$/i;

const part = (text: string | undefined): number => (text === undefined ? 0 : Number(text.replace(',', '.')));

/** The cell in decimal degrees, or undefined when it is not degrees (with minutes and seconds) of this axis. */
export function degreesInCell(text: string, axis: 'lat' | 'lon'): number | undefined {
  const m = DMS.exec(text.trim());
  if (!m || (m[1] && m[5])) return undefined;
  const minutes = part(m[3]);
  const seconds = part(m[4]);
  if (minutes >= 60 || seconds >= 60) return undefined;
  // "O" is not read: it is east in German (Ost) and west in French (ouest).
  const hemisphere = (m[1] ?? m[5] ?? '').toUpperCase();
  const sides = axis === 'lat' ? { N: 1, S: -1 } : { E: 1, W: -1 };
  const sign = hemisphere === '' ? 1 : sides[hemisphere as keyof typeof sides];
  if (sign === undefined) return undefined;
  // To 1e-7 degrees (about a centimetre): 13°24'18" is 13.405, not 13.405000000000001 in every export after.
  return sign * (Math.round((part(m[2]) + minutes / 60 + seconds / 3600) * 1e7) / 1e7);
}
