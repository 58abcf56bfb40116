import { makeVariant } from '../shared/domain.js';
import { generatorSource } from '../main/jampr/train/sources.js';
import { createRng } from '../main/vrp/rng.js';

/**
 * What `jampr bench --speed` times its model workloads on: the shipped tw1 models as the app runs them, on
 * generated instances (sampling: bench-speed.ts; training: train-rate.ts).
 */
export const SPEED_VARIANT = makeVariant('tw1');
export const speedInstances = (n: number, count: number, seed = n) => generatorSource(n).draw(count, createRng(seed));
