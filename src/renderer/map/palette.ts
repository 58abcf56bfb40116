/**
 * Route colours: distinct, readable on a light map, and the same route number always gets the same colour. The
 * first sixteen are hand-picked; beyond them hues step by the golden angle (never repeating) at three shades,
 * keeping clear of the red reserved for lateness, so a day of 30+ routes still tells them apart.
 */
const PALETTE = [
  '#1f77b4',
  '#ff7f0e',
  '#2ca02c',
  '#9467bd',
  '#8c564b',
  '#e377c2',
  '#17becf',
  '#bcbd22',
  '#393b79',
  '#637939',
  '#8c6d31',
  '#7b4173',
  '#3182bd',
  '#e6550d',
  '#31a354',
  '#756bb1',
];

/** Reserved for lateness and errors, so never a route colour. */
export const LATE_COLOUR = '#d62728';

const GOLDEN_ANGLE = 137.508;
const SHADES = [
  { s: 70, l: 38 },
  { s: 60, l: 50 },
  { s: 80, l: 28 },
];

export function routeColour(index: number): string {
  const i = Math.max(0, Math.floor(index));
  if (i < PALETTE.length) return PALETTE[i];
  const k = i - PALETTE.length;
  // Hues 20..340 only: the band around 0 (red) stays for lateness.
  const hue = 20 + ((k * GOLDEN_ANGLE) % 320);
  const { s, l } = SHADES[k % SHADES.length];
  return `hsl(${hue.toFixed(1)}, ${s}%, ${l}%)`;
}
