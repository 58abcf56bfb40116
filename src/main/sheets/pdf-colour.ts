/**
 * A route colour as pdfkit takes it. The palette gives "#rrggbb" for the first routes and "hsl(h, s%, l%)" past
 * them (src/renderer/map/palette.ts); pdfkit knows hex and names only, so HSL is converted here.
 */
export function pdfColour(css: string): string {
  const hsl = /^hsl\(\s*([\d.]+),\s*([\d.]+)%,\s*([\d.]+)%\s*\)$/.exec(css);
  if (!hsl) return css;
  const [h, s, l] = [Number(hsl[1]), Number(hsl[2]) / 100, Number(hsl[3]) / 100];
  // The standard HSL -> RGB formula (CSS Color 4).
  const a = s * Math.min(l, 1 - l);
  const channel = (n: number) => {
    const k = (n + h / 30) % 12;
    const value = l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}
