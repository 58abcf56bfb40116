import { describe, expect, it } from 'vitest';
import { generateInstance } from '../../../src/main/vrp/generate.js';
import { generateCity, generateDayIn } from '../../../src/main/vrp/generate-city.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { instanceWarnings } from '../../../src/main/vrp/validate.js';
import type { Instance } from '../../../src/shared/domain.js';

const strays = (instance: Instance) => instanceWarnings(instance).filter((w) => w.includes('middle of the day'));

/** A city day of the generator with one stop's position replaced. */
function dayWith(moved: { x?: number; y?: number }, seed = 3): Instance {
  const day = generateDayIn(generateCity(createRng(seed)), 60, createRng(seed + 1));
  const customers = day.customers.map((c, i) => (i === 7 ? { ...c, ...moved, ready: day.depot.ready, due: day.depot.due } : c));
  return { ...day, depot: { ...day.depot, due: day.depot.ready + 24 * 60 }, customers };
}

describe('stops that lie apart from the day', () => {
  it('warns about a stop whose latitude lost a digit, naming it and how far it lies', () => {
    const day = dayWith({});
    const typo = dayWith({ y: day.customers[7].y - 0.6 }); // about 67 km south
    const warnings = strays(typo);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      new RegExp(
        `^customer ${typo.customers[7].id} lies (6|7)\\d km from the middle of the day's stops, where half of them lie within \\d+\\.\\d km: check its latitude and longitude$`,
      ),
    );
    expect(strays(day)).toEqual([]);
  });

  it('finds the stray stop of a day across the antimeridian as it does elsewhere', () => {
    const typo = dayWith({ y: dayWith({}).customers[7].y - 0.6 });
    // The same day moved to straddle 180° through its middle: half its stops at 179.9°, half at −179.9°.
    const xs = typo.customers.map((c) => c.x).sort((a, b) => a - b);
    const shift = 180 - (xs[29] + xs[30]) / 2;
    const across = (x: number) => (x + shift > 180 ? x + shift - 360 : x + shift);
    const fiji = {
      ...typo,
      depot: { ...typo.depot, x: across(typo.depot.x) },
      customers: typo.customers.map((c) => ({ ...c, x: across(c.x) })),
    };
    expect(fiji.customers.filter((c) => c.x < 0)).toHaveLength(30);
    expect(strays(fiji)).toEqual([expect.stringContaining(`customer ${typo.customers[7].id} lies`)]);
  });

  it('says nothing on the city days of the generator, of any size, nor on planar days', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const city = generateCity(createRng(seed));
      for (const size of [8, 40, 150]) expect(strays(generateDayIn(city, size, createRng(100 + seed)))).toEqual([]);
      expect(strays(generateInstance(50, createRng(seed)))).toEqual([]);
    }
  });

  it('says nothing of stops that lie together, far from most of the day, nor of a stop near the depot', () => {
    const day = dayWith({});
    // Most of the day's stops moved to one place 20 km away: the few left behind lie together, as meant.
    const moved = { ...day, customers: day.customers.map((c, i) => (i < 45 ? { ...c, y: c.y + 0.18 } : c)) };
    expect(strays(moved)).toEqual([]);
    // A stop beside a depot set far from its stops is where the dispatcher meant it.
    const depotOut = { ...day, depot: { ...day.depot, y: day.depot.y - 0.6 } };
    const besideDepot = {
      ...depotOut,
      customers: depotOut.customers.map((c, i) => (i === 7 ? { ...c, x: depotOut.depot.x, y: depotOut.depot.y + 0.001 } : c)),
    };
    expect(strays(besideDepot)).toEqual([]);
  });

  it('leaves a stop thousands of km away to the warning about the depot, once', () => {
    const day = dayWith({});
    const swapped = dayWith({ x: day.customers[7].y, y: day.customers[7].x });
    const about = instanceWarnings(swapped).filter((w) => w.startsWith(`customer ${swapped.customers[7].id} `) && w.includes('latitude'));
    expect(about).toEqual([expect.stringMatching(/km from the depot: check its latitude and longitude \(swapped/)]);
  });
});
