/**
 * A place's position in words, as every view and message prints one (a driver sheet's place without an address, a
 * customer's tooltip, the validator's messages): each coordinate named, and no thousands separator inside, so the pair
 * cannot be misread: "x 1234.5, y 10", not "(1,234.5, 10)", which reads as three numbers. Lat/lon to 5 decimals (a
 * metre), latitude first as maps take it; a planar day's coordinates to 2, as its other figures.
 */
import { formatNumber } from './number-text.js';

export function positionText(at: { x: number; y: number }, geo: boolean): string {
  return geo
    ? `lat ${formatNumber(at.y, 5, false)}, lon ${formatNumber(at.x, 5, false)}`
    : `x ${formatNumber(at.x, 2, false)}, y ${formatNumber(at.y, 2, false)}`;
}
