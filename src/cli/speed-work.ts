import { makeVariant } from '../shared/domain.js';
import { generatorSource } from '../main/jampr/train/sources.js';
import { createRng } from '../main/vrp/rng.js';

/**
 * What `jampr bench --speed` times its model workloads on: the shipped tw1 models as the app runs them, on
 * generated instances (sampling: sample-rate.ts; training: train-rate.ts).
 */
export const SPEED_VARIANT = makeVariant('tw1');
export const speedInstances = (n: number, count: number, seed = n) => generatorSource(n).draw(count, createRng(seed));

/** A throughput measured both ways. */
export interface Rate {
  /** Work per wall-clock second. */
  wall: number;
  /** Work per CPU-second of this process (all its threads): on a shared machine, what the code costs. */
  cpu: number;
}
