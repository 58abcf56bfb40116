import { describe, expect, it } from 'vitest';
import { routeColour } from '../../../src/renderer/map/palette.js';
import { contrastRatio, inkOn, inkOnWhite, parseColour, TEXT_CONTRAST } from '../../../src/renderer/map/route-ink.js';

/** The first sixteen hand-picked colours and two rounds of the generated ones (every shade). */
const ROUTES = Array.from({ length: 40 }, (_, r) => routeColour(r));

describe('route ink', () => {
  it('measures contrast as WCAG does: the olive route with white text at 2.0:1, black on white at 21:1', () => {
    expect(contrastRatio('#bcbd22', '#ffffff')).toBeCloseTo(2.01, 2);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(parseColour('hsl(120, 100%, 25%)')).toEqual([0, 128, 0]);
    expect(parseColour('rgb(188, 189, 34)')).toEqual(parseColour('#bcbd22'));
  });

  it("gives every route's chip and stop label a text colour that reads at 4.5:1 or more", () => {
    for (const colour of ROUTES) expect(contrastRatio(inkOn(colour), colour), colour).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    // Dark routes keep their white text; the light ones (olive, cyan, orange, pink) get dark text.
    expect(inkOn('#1f77b4')).toBe('#ffffff');
    for (const light of ['#bcbd22', '#17becf', '#ff7f0e', '#e377c2']) expect(inkOn(light)).not.toBe('#ffffff');
  });

  it("draws every route's order digits on white at 4.5:1 or more, in its own colour where that reads", () => {
    for (const colour of ROUTES) expect(contrastRatio(inkOnWhite(colour), '#ffffff'), colour).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(inkOnWhite('#393b79')).toBe('#393b79');
    // Darkened, its hue kept: the olive route's digits stay olive, not grey.
    const [r, g, b] = parseColour(inkOnWhite('#bcbd22'));
    expect(r).toBeGreaterThan(b);
    expect(g).toBeGreaterThan(b);
  });
});
