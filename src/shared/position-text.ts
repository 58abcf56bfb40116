/**
 * A place's position in words, as every view and message prints one (a driver sheet's place without an address, a
 * customer's tooltip, the validator's messages), with no thousands separator inside, so the pair cannot be misread. A
 * planar day's x and y are named, to 2 decimals as its other figures: "x 1234.5, y 10", not "(1,234.5, 10)", which
 * reads as three numbers. Lat/lon is the pair maps take and the CSV import names ("52.52, 13.405"), latitude first, to
 * 5 decimals (a metre): named, it took a second line in a printed sheet's address column, and a 22-stop route a
 * second page.
 */
import { formatNumber } from './number-text.js';

export function positionText(at: { x: number; y: number }, geo: boolean): string {
  return geo
    ? `${formatNumber(at.y, 5, false)}, ${formatNumber(at.x, 5, false)}`
    : `x ${formatNumber(at.x, 2, false)}, y ${formatNumber(at.y, 2, false)}`;
}
