import { describe, expect, it } from 'vitest';
import { tooltipPlace } from '../../../src/renderer/map/tooltip-place.js';

const MAP = { width: 600, height: 400 };
const TIP = { width: 200, height: 60 };

describe('tooltipPlace', () => {
  it('opens above a stop with room above, straight over it, clear of its marker', () => {
    expect(tooltipPlace({ x: 300, y: 200 }, 10, TIP, MAP)).toEqual({ direction: 'top', offset: [0, -10] });
  });

  it('opens below a stop too near the top edge for it to fit above', () => {
    // Above it needs 10 (marker) + 6 (pointer) + 60 + 4 px.
    expect(tooltipPlace({ x: 300, y: 79 }, 10, TIP, MAP)).toEqual({ direction: 'bottom', offset: [0, 10] });
    expect(tooltipPlace({ x: 300, y: 80 }, 10, TIP, MAP).direction).toBe('top');
  });

  it('takes the side with more room where it fits on neither', () => {
    const short = { width: 600, height: 100 };
    expect(tooltipPlace({ x: 300, y: 40 }, 10, TIP, short).direction).toBe('bottom');
    expect(tooltipPlace({ x: 300, y: 60 }, 10, TIP, short).direction).toBe('top');
  });

  it('moves the tooltip sideways to lie inside the map near a side edge', () => {
    expect(tooltipPlace({ x: 20, y: 200 }, 10, TIP, MAP).offset).toEqual([84, -10]);
    expect(tooltipPlace({ x: 570, y: 200 }, 10, TIP, MAP).offset).toEqual([-74, -10]);
  });

  it('never moves it so far that its pointer leaves it', () => {
    // A stop past the left edge: the tooltip moves by at most half its width less 10 px.
    expect(tooltipPlace({ x: -50, y: 200 }, 10, TIP, MAP).offset[0]).toBe(90);
  });
});
