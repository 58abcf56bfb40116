import { describe, expect, it } from 'vitest';
import { locateStop, moveStop, sameRoutes, UNSERVED } from '../../../src/renderer/state/route-edits.js';

const routes = [
  ['1', '2', '3'],
  ['4', '5'],
];

describe('moving a stop by hand', () => {
  it('appends the stop to another route by default', () => {
    expect(moveStop(routes, '2', 1)).toEqual([
      ['1', '3'],
      ['4', '5', '2'],
    ]);
  });

  it('inserts before the given position of the target route', () => {
    expect(moveStop(routes, '2', 1, 0)).toEqual([
      ['1', '3'],
      ['2', '4', '5'],
    ]);
  });

  it('reorders within one route counting the position before the move', () => {
    expect(moveStop(routes, '1', 0, 3)).toEqual([
      ['2', '3', '1'],
      ['4', '5'],
    ]);
    expect(moveStop(routes, '3', 0, 0)).toEqual([
      ['3', '1', '2'],
      ['4', '5'],
    ]);
  });

  it('opens a new route and keeps emptied routes so route numbers stay put', () => {
    const next = moveStop([['1'], ['2']], '1', 2);
    expect(next).toEqual([[], ['2'], ['1']]);
  });

  it('takes a stop off its route (left unserved) and places a stop that was on no route', () => {
    const without = moveStop(routes, '2', UNSERVED);
    expect(without).toEqual([
      ['1', '3'],
      ['4', '5'],
    ]);
    expect(moveStop(without, '2', 1, 1)).toEqual([
      ['1', '3'],
      ['4', '2', '5'],
    ]);
    expect(() => moveStop(without, '2', UNSERVED)).toThrow(/already on no route/);
  });

  it('refuses a route that does not exist', () => {
    expect(() => moveStop(routes, '1', 5)).toThrow(/does not exist/);
  });

  it('does not change the routes it was given', () => {
    moveStop(routes, '1', 1);
    expect(routes).toEqual([
      ['1', '2', '3'],
      ['4', '5'],
    ]);
  });

  it('locates stops and compares route sets', () => {
    expect(locateStop(routes, '5')).toEqual({ route: 1, index: 1 });
    expect(locateStop(routes, '9')).toBeNull();
    expect(
      sameRoutes(routes, [
        ['1', '2', '3'],
        ['4', '5'],
      ]),
    ).toBe(true);
    expect(
      sameRoutes(routes, [
        ['1', '2', '3'],
        ['5', '4'],
      ]),
    ).toBe(false);
  });
});
