import type { Instance } from '../../../shared/domain.js';
import { generateInstance } from '../../vrp/generate.js';
import type { Problem } from '../../vrp/problem.js';
import type { Rng } from '../../vrp/rng.js';
import { buildProblem } from '../../vrp/validate.js';
import { perturbInstance } from './perturb.js';

/**
 * Where training instances come from: the paper's generator, or the user's stored instances, each
 * drawn as a freshly perturbed variant so that a small history still gives new data every batch.
 */
export interface InstanceSource {
  /** Human-readable origin for the model card. */
  readonly description: string;
  draw(count: number, rng: Rng): Problem[];
}

export function generatorSource(size: number): InstanceSource {
  return {
    description: `generator (R201-like, N=${size})`,
    draw: (count, rng) => Array.from({ length: count }, () => buildProblem(generateInstance(size, rng))),
  };
}

export function storedSource(instances: readonly Instance[], size: number): InstanceSource {
  if (instances.length === 0) throw new RangeError('training on stored instances needs at least one instance');
  return {
    description: `${instances.length} stored instance(s), perturbed, resized to N=${size}`,
    draw: (count, rng) =>
      Array.from({ length: count }, () => buildProblem(perturbInstance(instances[rng.int(0, instances.length)], size, rng))),
  };
}
