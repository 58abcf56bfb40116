import { describe, expect, it } from 'vitest';
import { kmBetween } from '../../../src/shared/earth-km.js';
import { FAR_KM, farApart, lonFirstReading, stopJudgedBy } from '../../../src/shared/far-from-depot.js';
import { checkInstance } from '../../../src/main/vrp/validate.js';

// x the longitude, y the latitude, as the instance keeps them.
const HAMBURG = { x: 9.9937, y: 53.5511 };
const ALTONA = { x: 9.9352, y: 53.5503 };
/** "9.9937, 53.5511" read latitude first, as a pasted pair is: a point off the Horn of Africa. */
const HAMBURG_LON_FIRST = { x: 53.5511, y: 9.9937 };

describe('a stop too far from its depot, and a position written longitude first', () => {
  it('reads a Hamburg position written longitude first the other way round, judged by the depot', () => {
    const read = lonFirstReading(HAMBURG_LON_FIRST, [HAMBURG]);
    expect(read?.swapped).toEqual(HAMBURG);
    expect(read?.km).toBeCloseTo(kmBetween(HAMBURG_LON_FIRST, HAMBURG), 6);
    expect(read!.km).toBeGreaterThan(FAR_KM);
  });

  it('leaves a position near the depot, or far from it both ways round, as written', () => {
    expect(lonFirstReading(ALTONA, [HAMBURG]), 'near: as written').toBeNull();
    // Another city, far either way round (40° N 20° E, 20° N 40° E): a move the dispatcher may mean.
    expect(lonFirstReading({ x: 20, y: 40 }, [HAMBURG])).toBeNull();
    // Seattle on a Hamburg day: its latitude first, the other way round no latitude at all.
    expect(lonFirstReading({ x: -122.3321, y: 47.6062 }, [HAMBURG])).toBeNull();
    expect(lonFirstReading(HAMBURG_LON_FIRST, []), 'nothing to judge by').toBeNull();
  });

  it("judges the depot by the day's stops: far from all of them, the other way round near one", () => {
    const stops = [ALTONA, { x: 10.0153, y: 53.5753 }, { x: 10.1, y: 53.49 }];
    const read = lonFirstReading(HAMBURG_LON_FIRST, stops);
    expect(read?.swapped).toEqual(HAMBURG);
    expect(read?.km).toBeCloseTo(Math.min(...stops.map((s) => kmBetween(HAMBURG_LON_FIRST, s))), 6);
    // Near one of them as written (a stop on a second day's town): as written.
    expect(lonFirstReading(HAMBURG_LON_FIRST, [...stops, { x: 53.6, y: 10.1 }])).toBeNull();
  });

  it('judges a stop by its depot, unless the depot itself reads longitude first by the other stops', () => {
    const others = [ALTONA, { x: 10.0153, y: 53.5753 }];
    expect(stopJudgedBy(HAMBURG, others)).toEqual([HAMBURG]);
    // The depot's cells typed swapped: it is the suspect, and a stop right where it belongs is not told to swap.
    expect(stopJudgedBy(HAMBURG_LON_FIRST, others)).toEqual([]);
    expect(lonFirstReading({ x: 10.1, y: 53.49 }, stopJudgedBy(HAMBURG_LON_FIRST, others))).toBeNull();
    // A day of one stop: no other stop to suspect the depot by, so the stop is judged by it.
    expect(stopJudgedBy(HAMBURG, [])).toEqual([HAMBURG]);
  });

  it("is the import's rule: the stop the pasted pair would be is the one the import warns of", () => {
    expect(farApart(HAMBURG, HAMBURG_LON_FIRST)).toBe(true);
    expect(farApart(HAMBURG, ALTONA)).toBe(false);
    const day = (customer: { x: number; y: number }) => ({
      name: 'Hamburg',
      coordinates: { kind: 'geo', speedKmh: 30 },
      vehicles: 1,
      capacity: 10,
      depot: { id: 'D', ...HAMBURG, ready: 0, due: 100_000 },
      customers: [{ id: 'K1', ...customer, demand: 1, ready: 0, due: 100_000, service: 0 }],
    });
    const far = (w: string) => w.includes('km from the depot');
    expect(checkInstance(day(HAMBURG_LON_FIRST)).warnings.filter(far)).toHaveLength(1);
    expect(checkInstance(day(ALTONA)).warnings.filter(far)).toHaveLength(0);
  });
});
