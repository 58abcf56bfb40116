import type { Instance } from '../src/shared/domain.js';
import { CITY_DAY_SIZES, eachCityDay } from '../src/main/vrp/generate-city.js';

/** Day sizes are drawn uniformly from what dispatchers plan. */
export const DAY_SIZES = CITY_DAY_SIZES;

/**
 * The benchmark's city days for a seed: bench/real-days.ts plans them, bench/greedy-views.ts replans the same days;
 * `jampr generate --city --count N --seed S` writes them.
 */
export const benchCityDays = (count: number, seed: number): Instance[] => [...eachCityDay(count, seed)];
