import type { Instance } from '../../../shared/domain.js';
import { AppError } from '../../../shared/errors.js';
import { generateInstance } from '../../vrp/generate.js';
import { generateCityDay, withServiceRedrawn } from '../../vrp/generate-city.js';
import type { Problem } from '../../vrp/problem.js';
import type { Rng } from '../../vrp/rng.js';
import { carriedPart } from '../../vrp/unserved.js';
import { buildProblem } from '../../vrp/validate.js';
import { perturbInstance } from './perturb.js';

/**
 * Where training instances come from: the paper's generator, or the user's stored instances, each
 * drawn as a freshly perturbed variant so that a small history still gives new data every batch.
 */
export interface InstanceSource {
  /** Human-readable origin for the model card. */
  readonly description: string;
  /** It draws perturbed copies of the user's stored days (storedSource), not days a generator made. */
  readonly perturbsStoredDays?: true;
  draw(count: number, rng: Rng): Problem[];
}

export function generatorSource(size: number): InstanceSource {
  return {
    description: `generator (R201-like, N=${size})`,
    draw: (count, rng) => Array.from({ length: count }, () => buildProblem(generateInstance(size, rng))),
  };
}

export function cityDaySource(size: number, kind: CityDayKind = 'city'): InstanceSource {
  const { label, change } = CITY_DAY_KINDS[kind];
  return {
    description: `${label} (lat/lon, clock windows, fixed fleet; N=${size})`,
    draw: (count, rng) => Array.from({ length: count }, () => buildProblem(change(generateCityDay(size, rng), rng))),
  };
}

/**
 * City days as generated, and changes of them where the windows, the fleet's hours or the stops' service, not the
 * load, decide how the day is driven (bench/day-variants.ts measures the models on them; the trainers can train on them).
 */
export const CITY_DAY_KINDS = {
  city: { label: 'city days', change: (day: Instance) => day },
  /** Five times the capacity, the same fleet: the vehicles carry any share of the day. */
  ample: { label: 'city days of ample capacity', change: (day: Instance) => ({ ...day, capacity: day.capacity * 5 }) },
  /** Vans without a load limit (ten times the capacity), one for every fifty stops and at least two: a courier's day. */
  vans: {
    label: 'city days of a van per fifty stops',
    change: (day: Instance) => ({ ...day, capacity: day.capacity * 10, vehicles: Math.max(2, Math.ceil(day.customers.length / 50)) }),
  },
  /** Service of 20–49 min a stop (installations, home visits), drawn anew for each stop; every stop stays servable. */
  long: { label: 'city days of long stops', change: (day: Instance, rng: Rng) => withServiceRedrawn(day, rng, 20, 49) },
} as const satisfies Record<string, { label: string; change: (day: Instance, rng: Rng) => Instance }>;
export type CityDayKind = keyof typeof CITY_DAY_KINDS;

/**
 * City days of sizes drawn uniformly from [lo, hi], one size per draw (a batch shares its N): dispatchers plan
 * 20–150 stops with the model nearest in size, so a model serves days well beyond its own N.
 */
export function citySizesSource(lo: number, hi: number, kind: CityDayKind = 'city'): InstanceSource {
  return {
    description: `${CITY_DAY_KINDS[kind].label} (lat/lon, clock windows, fixed fleet; N=${lo}–${hi})`,
    draw: (count, rng) => cityDaySource(rng.int(lo, hi + 1), kind).draw(count, rng),
  };
}

type WeightedSources = readonly [InstanceSource, number][];

const totalWeight = (parts: WeightedSources) => parts.reduce((a, [, w]) => a + w, 0);

/** One of the sources, chosen with the given weights (one draw from rng). */
function pickSource(parts: WeightedSources, total: number, rng: Rng): InstanceSource {
  let pick = rng.next() * total;
  for (const [source, weight] of parts) {
    if (pick < weight) return source;
    pick -= weight;
  }
  return parts[parts.length - 1][0];
}

/** Each instance from one of the sources, chosen with the given weights (a batch mixes them; N is shared). */
export function mixedSource(parts: WeightedSources): InstanceSource {
  const total = totalWeight(parts);
  return {
    description: parts.map(([src, w]) => `${Math.round((100 * w) / total)} % ${src.description}`).join(' + '),
    draw: (count, rng) => Array.from({ length: count }, () => pickSource(parts, total, rng).draw(1, rng)[0]),
  };
}

/** Each batch from one of the sources, chosen with the given weights: for sources whose sizes vary between batches. */
export function batchMixedSource(parts: WeightedSources): InstanceSource {
  const total = totalWeight(parts);
  return {
    description: parts.map(([src, w]) => `${Math.round((100 * w) / total)} % of batches ${src.description}`).join(' + '),
    draw: (count, rng) => pickSource(parts, total, rng).draw(count, rng),
  };
}

/** What the shipped models train on: the paper's generator and city days, half each, so both work out of the box. */
export const shippedTrainingSource = (size: number): InstanceSource =>
  mixedSource([
    [generatorSource(size), 1],
    [cityDaySource(size), 1],
  ]);

/**
 * The user's days as the planners take them (carriedPart): an order bigger than a vehicle is left out of every plan and
 * reported not served, so a model trained with it would learn a day that is never planned (perturbed, the order
 * becomes a full vehicle's load), a fleet tighter than the one planned with and a customer more to spread the fleet over.
 */
export function storedSource(instances: readonly Instance[], size: number): InstanceSource {
  if (instances.length === 0) throw new RangeError('training on stored instances needs at least one instance');
  const days = instances.flatMap((day) => carriedPart(day) ?? []);
  if (days.length === 0)
    throw new AppError('input', 'every order of the days to learn from is bigger than a vehicle carries: there is nothing to learn from');
  return {
    description: `${instances.length} stored instance(s), perturbed, resized to N=${size}`,
    perturbsStoredDays: true,
    draw: (count, rng) => Array.from({ length: count }, () => buildProblem(perturbInstance(days[rng.int(0, days.length)], size, rng))),
  };
}
