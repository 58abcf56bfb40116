import { describe, expect, it } from 'vitest';
import { mapKeyItems } from '../../../src/renderer/map/map-key-items.js';
import type { StopInfo } from '../../../src/renderer/map/stop-info.js';

const stop = (fields: Partial<StopInfo>): StopInfo => ({ route: 0, order: 1, late: 0, early: 0, wait: 0, arrival: 0, ...fields });

describe("the map's key", () => {
  it("lists the order badge of a plan's stops, then only the rings the plan shows, in a set order", () => {
    const info = new Map([
      ['a', stop({ wait: 5 })],
      ['b', stop({ late: 3 })],
    ]);
    expect(mapKeyItems(['a', 'b', 'c'], info, true)).toEqual(['order', 'late', 'wait', 'unserved']);
    expect(mapKeyItems(['a'], new Map([['a', stop({ early: 80 })]]), true)).toEqual(['order', 'early']);
  });

  it('counts a stop late and early as late, as its marker shows one ring', () => {
    expect(mapKeyItems(['a'], new Map([['a', stop({ late: 1, early: 2 })]]), true)).toEqual(['order', 'late']);
  });

  it('shows only the order for a plan on time everywhere, nothing for a plan that routes no one or before a plan is scored', () => {
    expect(mapKeyItems(['a'], new Map([['a', stop({})]]), true)).toEqual(['order']);
    expect(mapKeyItems(['a'], new Map(), true)).toEqual(['unserved']);
    expect(mapKeyItems(['a', 'b'], new Map(), false)).toEqual([]);
  });
});
