import { describe, expect, it } from 'vitest';
import { movedBySave } from '../../../src/renderer/state/undo-steps.js';

/** Stored versions of day 1 (v1 opened here, v3 saved in another window and shown here since) and its copy, day 2. */
const v1 = { id: 1, updatedAt: '1' };
const v3 = { id: 1, updatedAt: '3' };
const v4 = { id: 1, updatedAt: '4' };
const copy = { id: 2, updatedAt: '5' };
const steps = [
  { draft: 'edited v1', base: v1 },
  { draft: 'edited v3', base: v3 },
];

describe('undo steps across a save', () => {
  it('a save in place moves the steps made on the version saved, and leaves those of an older version as they were', () => {
    expect(steps.map(movedBySave(v3, v4))).toEqual([
      { draft: 'edited v1', base: v1 },
      { draft: 'edited v3', base: v4 },
    ]);
  });

  it('a save as a new day moves every step of the day onto the copy, the day on screen now', () => {
    expect(steps.map(movedBySave(v1, copy))).toEqual([
      { draft: 'edited v1', base: copy },
      { draft: 'edited v3', base: copy },
    ]);
  });

  it('the first save of a new day moves its steps onto it', () => {
    expect([{ draft: 'new', base: null }].map(movedBySave(null, copy))).toEqual([{ draft: 'new', base: copy }]);
  });
});
