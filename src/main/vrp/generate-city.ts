import type { Customer, Instance } from '../../shared/domain.js';
import { travelTime } from './problem.js';
import { createRng, type Rng } from './rng.js';

/**
 * "City days": what dispatchers import, as a generator (docs/model.md, "City days"). Stops in one city
 * given as lat/lon, most of them clustered in a few districts; windows as clock times (minutes since
 * midnight): morning slots, midday slots and many all-day stops; service of a few minutes; a fixed fleet
 * a little larger than the demand needs. The paper's generator has none of that, so the shipped models
 * are trained on a mix of both.
 */
export const CITY = {
  /** Radius of the area the stops lie in, km. */
  radiusKm: [6, 14],
  /** Districts the clustered stops gather around, and their spread (km, standard deviation). */
  districts: [2, 5],
  districtSpreadKm: [0.6, 2],
  /** Share of stops in a district; the rest are spread over the whole area. */
  clustered: 0.75,
  speedKmh: [25, 40],
  /** Shift start (minutes since midnight) and length (minutes). */
  shiftStart: [6 * 60, 8 * 60],
  shiftLength: [8 * 60, 11 * 60],
  /** Share of morning slots (1–2 h in the first half of the shift) and midday slots (2–4 h around its middle). */
  morning: 0.3,
  midday: 0.25,
  serviceMinutes: [3, 15],
  demand: [3, 18],
  capacity: 100,
  /** Fleet = ceil(Σq/Q × slack), with slack drawn from this range: a little above what the demand needs. */
  fleetSlack: [1.15, 1.4],
} as const;

const uniform = (rng: Rng, [lo, hi]: readonly [number, number]) => lo + (hi - lo) * rng.next();
const KM_PER_DEGREE = 111.195;

/** A city: where its districts, its depot and its shift are. Many days of one city share these. */
export interface City {
  lat0: number;
  lon0: number;
  radiusKm: number;
  districts: { centre: readonly [number, number]; spread: number }[];
  depotKm: readonly [number, number];
  shiftStart: number;
  shiftEnd: number;
  speedKmh: number;
}

const inDisc = (rng: Rng, r: number) => {
  const angle = 2 * Math.PI * rng.next();
  const d = r * Math.sqrt(rng.next());
  return [d * Math.cos(angle), d * Math.sin(angle)] as const;
};

export function generateCity(rng: Rng): City {
  // The draws keep one fixed order: a seed names the same city in every version of this file.
  const lat0 = uniform(rng, [35, 60]);
  const lon0 = uniform(rng, [-10, 30]);
  const radiusKm = uniform(rng, CITY.radiusKm);
  const districts = Array.from({ length: rng.int(CITY.districts[0], CITY.districts[1] + 1) }, () => ({
    centre: inDisc(rng, radiusKm * 0.8),
    spread: uniform(rng, CITY.districtSpreadKm),
  }));
  const depotKm = inDisc(rng, radiusKm * 0.6);
  const shiftStart = Math.round(uniform(rng, CITY.shiftStart) / 15) * 15;
  const shiftEnd = shiftStart + Math.round(uniform(rng, CITY.shiftLength) / 15) * 15;
  const speedKmh = Math.round(uniform(rng, CITY.speedKmh));
  return { lat0, lon0, radiusKm, districts, depotKm, shiftStart, shiftEnd, speedKmh };
}

/** One day of a city with `size` stops: new stops, windows, demands and a fleet for that demand. */
export function generateDayIn(city: City, size: number, rng: Rng, name = `city-n${size}`): Instance {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`instance size ${size} is not a positive integer`);
  const kmPerDegreeLon = KM_PER_DEGREE * Math.cos((city.lat0 * Math.PI) / 180);
  const toLatLon = (east: number, north: number) => ({ x: city.lon0 + east / kmPerDegreeLon, y: city.lat0 + north / KM_PER_DEGREE });
  const place = () => {
    if (rng.next() >= CITY.clustered) return inDisc(rng, city.radiusKm);
    const { centre, spread } = city.districts[rng.int(0, city.districts.length)];
    return [centre[0] + rng.normal() * spread, centre[1] + rng.normal() * spread] as const;
  };
  const { shiftStart: start, shiftEnd: end } = city;
  const coordinates = { kind: 'geo' as const, speedKmh: city.speedKmh };
  const depot = { id: 'depot', ...toLatLon(city.depotKm[0], city.depotKm[1]), ready: start, due: end };

  const customers: Customer[] = Array.from({ length: size }, (_, i) => {
    const at = place();
    const { x, y } = toLatLon(at[0], at[1]);
    const service = rng.int(CITY.serviceMinutes[0], CITY.serviceMinutes[1] + 1);
    const fromDepot = travelTime(coordinates, depot.x, depot.y, x, y);
    // The window must be reachable from the depot and leave time to serve and drive back before the shift ends.
    const earliest = Math.ceil(start + fromDepot);
    const latest = Math.floor(end - service - fromDepot);
    const [ready, due] = clockWindow(rng, start, end, earliest, latest);
    return { id: `s${i + 1}`, x, y, demand: rng.int(CITY.demand[0], CITY.demand[1] + 1), ready, due, service };
  });
  const demand = customers.reduce((a, c) => a + c.demand, 0);
  const vehicles = Math.max(1, Math.ceil((demand / CITY.capacity) * uniform(rng, CITY.fleetSlack)));
  return { name, depot, capacity: CITY.capacity, vehicles, customers, coordinates, clockTimes: true };
}

/** One day of a new city with `size` stops (20–150 is what dispatchers plan; any positive size works). */
export const generateCityDay = (size: number, rng: Rng, name = `city-n${size}`): Instance =>
  generateDayIn(generateCity(rng), size, rng, name);

/** The stops of a city day where no size is asked for: drawn uniformly from what dispatchers plan. */
export const CITY_DAY_SIZES = [20, 150] as const;

/**
 * `count` city days for a seed, each of a new city, named "city-SEED-1", "city-SEED-2"…: of `size` stops, or of a size
 * drawn from CITY_DAY_SIZES. The benchmark's real days are these (bench/RESULTS.md section 8: seed 2026), so that
 * `jampr generate --city` writes the very days measured there.
 */
export function* eachCityDay(count: number, seed: number, size?: number): Generator<Instance> {
  const master = createRng(seed);
  for (let i = 0; i < count; i++) {
    const rng = master.fork();
    const stops = size ?? rng.int(CITY_DAY_SIZES[0], CITY_DAY_SIZES[1] + 1);
    yield generateCityDay(stops, rng, `city-${seed}-${i + 1}`);
  }
}

/** A morning slot, a midday slot or all day, on the quarter hour, clipped to what the stop can reach. */
function clockWindow(rng: Rng, start: number, end: number, earliest: number, latest: number): [number, number] {
  const quarter = (t: number) => Math.round(t / 15) * 15;
  const kind = rng.next();
  let ready = start;
  let due = latest;
  if (kind < CITY.morning) {
    ready = quarter(start + rng.next() * ((end - start) / 2 - 60));
    due = ready + 60 * rng.int(1, 3);
  } else if (kind < CITY.morning + CITY.midday) {
    const middle = (start + end) / 2;
    ready = quarter(middle - 120 + rng.next() * 120);
    due = ready + 60 * rng.int(2, 5);
  }
  due = Math.min(due, latest);
  if (due < earliest) due = latest; // a slot nobody could reach becomes all day
  ready = Math.min(Math.max(ready, start), due);
  return [ready, due];
}

/**
 * The day with every stop's service redrawn in [lo, hi] minutes (installations, home visits); a window's close moves
 * earlier where needed so that the stop can still be served and the vehicle be back by the end of the shift.
 */
export function withServiceRedrawn(day: Instance, rng: Rng, lo: number, hi: number): Instance {
  const customers = day.customers.map((c) => {
    const service = rng.int(lo, hi + 1);
    const back = travelTime(day.coordinates, day.depot.x, day.depot.y, c.x, c.y);
    const due = Math.max(Math.min(c.due, Math.floor(day.depot.due - service - back)), Math.ceil(day.depot.ready + back));
    return { ...c, service, due, ready: Math.min(c.ready, due) };
  });
  return { ...day, customers };
}
