import { describe, expect, it } from 'vitest';
import { batchMixedSource, citySizesSource, mixedSource, generatorSource, cityDaySource } from '../../../src/main/jampr/train/sources.js';
import { createRng } from '../../../src/main/vrp/rng.js';

describe('training sources', () => {
  it('draws kinds of city day where the windows or the hours decide: the same day, with more capacity or fewer vans', () => {
    const [city] = cityDaySource(120).draw(1, createRng(8));
    const [ample] = cityDaySource(120, 'ample').draw(1, createRng(8));
    const [vans] = cityDaySource(120, 'vans').draw(1, createRng(8));
    expect(ample.instance.customers).toEqual(city.instance.customers);
    expect([ample.capacity, ample.vehicles]).toEqual([city.capacity * 5, city.vehicles]);
    expect(vans.instance.customers).toEqual(city.instance.customers);
    expect([vans.capacity, vans.vehicles]).toEqual([city.capacity * 10, 3]); // a van per fifty stops
    const [small] = cityDaySource(30, 'vans').draw(1, createRng(8));
    expect(small.vehicles).toBe(2); // never fewer than two
  });

  it('draws days of long stops: the same stops and fleet, service of 20-49 min, every stop still servable in the shift', () => {
    const [city] = cityDaySource(120).draw(1, createRng(9));
    const [long] = cityDaySource(120, 'long').draw(1, createRng(9));
    expect([long.capacity, long.vehicles]).toEqual([city.capacity, city.vehicles]);
    const nodes = long.n + 1;
    for (let i = 1; i < nodes; i++) {
      expect([long.instance.customers[i - 1].x, long.instance.customers[i - 1].y]).toEqual([
        city.instance.customers[i - 1].x,
        city.instance.customers[i - 1].y,
      ]);
      expect(long.service[i]).toBeGreaterThanOrEqual(20);
      expect(long.service[i]).toBeLessThanOrEqual(49);
      expect(long.ready[i]).toBeLessThanOrEqual(long.due[i]);
      // Served at its window's close, the vehicle is still back by the shift's end.
      expect(long.due[i] + long.service[i] + long.travel[i * nodes]).toBeLessThanOrEqual(long.due[0] + 1e-9);
    }
    const mean = (xs: ArrayLike<number>) =>
      Array.from(xs)
        .slice(1)
        .reduce((a, v) => a + v, 0) /
      (xs.length - 1);
    expect(mean(long.service)).toBeGreaterThan(3 * mean(city.service));
  });

  it('draws city days of one size per batch, sizes spread over the range', () => {
    const source = citySizesSource(12, 16);
    const rng = createRng(3);
    const sizes = new Set<number>();
    for (let i = 0; i < 30; i++) {
      const batch = source.draw(3, rng);
      expect(new Set(batch.map((p) => p.n)).size).toBe(1);
      const n = batch[0].n;
      expect(n).toBeGreaterThanOrEqual(12);
      expect(n).toBeLessThanOrEqual(16);
      sizes.add(n);
    }
    expect(sizes.size).toBe(5);
  });

  it('mixes sources at one size', () => {
    const source = mixedSource([
      [generatorSource(10), 1],
      [cityDaySource(10), 1],
    ]);
    const batch = source.draw(40, createRng(8));
    expect(batch.every((p) => p.n === 10)).toBe(true);
    // City days carry lat/lon; the generator's instances are planar: both kinds appear.
    const kinds = new Set(batch.map((p) => p.instance.coordinates?.kind ?? 'planar'));
    expect(kinds.size).toBe(2);
  });

  it('mixes sources batch by batch, so sizes may differ between batches but not within one', () => {
    const source = batchMixedSource([
      [generatorSource(8), 1],
      [citySizesSource(12, 14), 1],
    ]);
    const rng = createRng(5);
    const seen = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const batch = source.draw(4, rng);
      const kinds = new Set(batch.map((p) => `${p.instance.coordinates?.kind ?? 'planar'}-${p.n}`));
      expect(kinds.size).toBe(1);
      seen.add([...kinds][0].split('-')[0]);
    }
    expect([...seen].sort()).toEqual(['geo', 'planar']);
  });
});
