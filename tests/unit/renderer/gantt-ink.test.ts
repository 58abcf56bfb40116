import { describe, expect, it } from 'vitest';
import { routeColour } from '../../../src/renderer/map/palette.js';
import { contrastRatio, GRAPHIC_CONTRAST, readableShade, TEXT_CONTRAST } from '../../../src/renderer/map/route-ink.js';
import { ROW_BACKGROUNDS, routeInk, TIMELINE_INK } from '../../../src/renderer/plan/gantt-ink.js';

/** The first sixteen hand-picked colours and two rounds of the generated ones (every shade). */
const ROUTES = Array.from({ length: 40 }, (_, r) => routeColour(r));

describe("the timeline's colours", () => {
  it('darken a colour to the contrast asked for, keeping one that already has it', () => {
    expect(contrastRatio(readableShade('#f2a900', '#fafbfc', GRAPHIC_CONTRAST), '#fafbfc')).toBeGreaterThanOrEqual(GRAPHIC_CONTRAST);
    expect(readableShade('#1f77b4', '#fafbfc', GRAPHIC_CONTRAST)).toBe('#1f77b4');
  });

  it('write the times and the routes’ names at 4.5:1 or more on every row', () => {
    for (const background of ROW_BACKGROUNDS)
      for (const text of [TIMELINE_INK.axisText, TIMELINE_INK.routeName])
        expect(contrastRatio(text, background), `${text} on ${background}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it('draw the wait, early, late and shift-end marks at 3:1 or more on every row', () => {
    const marks = [TIMELINE_INK.waitStripe, TIMELINE_INK.early, TIMELINE_INK.late, TIMELINE_INK.shiftEnd, TIMELINE_INK.depotKey];
    for (const background of ROW_BACKGROUNDS)
      for (const mark of marks)
        expect(contrastRatio(mark, background), `${mark} on ${background}`).toBeGreaterThanOrEqual(GRAPHIC_CONTRAST);
  });

  it("draw every route's blocks' edges, travel and depot line at 3:1 or more, and its ids on its blocks at 4.5:1 or more", () => {
    for (const colour of ROUTES) {
      const ink = routeInk(colour);
      for (const background of ROW_BACKGROUNDS)
        expect(contrastRatio(ink.mark, background), `${colour} on ${background}`).toBeGreaterThanOrEqual(GRAPHIC_CONTRAST);
      expect(contrastRatio(ink.text, ink.fill), `ids on ${colour}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    // A light route keeps its colour inside its blocks, which a darker edge of its own hue outlines.
    expect(routeInk('#bcbd22').fill).toBe('#bcbd22');
    expect(routeInk('#bcbd22').mark).not.toBe('#bcbd22');
  });
});
