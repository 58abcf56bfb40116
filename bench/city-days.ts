import type { Instance } from '../src/shared/domain.js';
import { generateCityDay } from '../src/main/vrp/generate-city.js';
import { createRng } from '../src/main/vrp/rng.js';

/** Day sizes are drawn uniformly from what dispatchers plan. */
export const DAY_SIZES = [20, 150] as const;

/** The benchmark's city days for a seed: bench/real-days.ts plans them, bench/greedy-views.ts replans the same days. */
export function benchCityDays(count: number, seed: number): Instance[] {
  const master = createRng(seed);
  return Array.from({ length: count }, (_, i) => {
    const rng = master.fork();
    return generateCityDay(rng.int(DAY_SIZES[0], DAY_SIZES[1] + 1), rng, `city-${seed}-${i + 1}`);
  });
}
