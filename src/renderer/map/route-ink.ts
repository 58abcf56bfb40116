/**
 * Text that reads on a route's colour, and a route's colour that reads as text on white (WCAG's 4.5:1 for small
 * text). The palette's lighter colours (olive, cyan, orange, pink) carried white text at 2.0–2.7:1 on the table's
 * route chips and the map's stop labels, and were 2.0–2.7:1 as the order badges' digits on white. One rule for
 * the chips, the stop labels and the badges.
 */

/** WCAG's least contrast for text under 18.66 px bold or 24 px. */
export const TEXT_CONTRAST = 4.5;
/** WCAG's least contrast for a mark that carries meaning (a bar, a line, a key) against what it lies on. */
export const GRAPHIC_CONTRAST = 3;

type Rgb = readonly [number, number, number];

const WHITE: Rgb = [255, 255, 255];
/** The dark text of the page (base.css: --text); black where even that falls short. */
const DARK_TEXTS = ['#1e293b', '#000000'] as const;

/** A colour as the palette writes it ('#rrggbb' or 'hsl(h, s%, l%)') or a browser computes it ('rgb(r, g, b)'), in 0..255 channels. */
export function parseColour(colour: string): Rgb {
  const hex = /^#([0-9a-f]{6})$/i.exec(colour.trim());
  if (hex) {
    const n = Number.parseInt(hex[1], 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  const rgb = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)/i.exec(colour.trim());
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  const hsl = /^hsl\(\s*([\d.]+)\s*,\s*([\d.]+)%\s*,\s*([\d.]+)%\s*\)$/i.exec(colour.trim());
  if (!hsl) throw new Error(`not a route colour: ${colour}`);
  const h = Number(hsl[1]) / 360;
  const s = Number(hsl[2]) / 100;
  const l = Number(hsl[3]) / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    const v = u < 1 / 6 ? p + (q - p) * 6 * u : u < 1 / 2 ? q : u < 2 / 3 ? p + (q - p) * (2 / 3 - u) * 6 : p;
    return Math.round(v * 255);
  };
  return [channel(h + 1 / 3), channel(h), channel(h - 1 / 3)];
}

function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG's contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [la, lb] = [luminance(parseColour(a)), luminance(parseColour(b))];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const toHex = ([r, g, b]: Rgb) => `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** The text colour on a route's colour: white where it reads, else the page's dark text (black at worst). */
export function inkOn(background: string): string {
  if (contrastRatio('#ffffff', background) >= TEXT_CONTRAST) return '#ffffff';
  return DARK_TEXTS.find((dark) => contrastRatio(dark, background) >= TEXT_CONTRAST) ?? '#000000';
}

/** A route's colour as text on white: itself where it reads, else darkened (its hue kept) until it does. */
export function inkOnWhite(colour: string): string {
  return readableShade(colour, toHex(WHITE), TEXT_CONTRAST);
}

/**
 * A colour on a light background at `ratio` or more: itself where it reaches it, else darkened (its hue kept) until it
 * does. The rule for text (inkOnWhite) and for the timeline's marks (gantt-ink.ts).
 */
export function readableShade(colour: string, background: string, ratio: number): string {
  const rgb = parseColour(colour);
  for (let keep = 1; keep > 0; keep -= 0.05) {
    const shade = toHex([rgb[0] * keep, rgb[1] * keep, rgb[2] * keep]);
    if (contrastRatio(shade, background) >= ratio) return keep === 1 ? colour : shade;
  }
  return '#000000';
}
