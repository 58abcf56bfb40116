import { join } from 'node:path';
import type { ModelCard } from '../../../src/main/jampr/card.js';
import { saveCheckpoint } from '../../../src/main/jampr/checkpoint.js';
import { modelConfig, type ModelConfig } from '../../../src/main/jampr/model/config.js';
import { Policy } from '../../../src/main/jampr/model/policy.js';
import type { Instance } from '../../../src/shared/domain.js';
import { generateInstance } from '../../../src/main/vrp/generate.js';
import { buildProblem } from '../../../src/main/vrp/validate.js';
import type { Problem } from '../../../src/main/vrp/problem.js';
import { createRng, type Rng } from '../../../src/main/vrp/rng.js';

/**
 * Tiny instances for the model tests: the paper's generator, optionally squeezed (small capacity,
 * narrow windows, short horizon, few vehicles) so that capacity, windows, forced returns and the
 * fleet limit all come into play within a handful of customers.
 */
export function tinyInstance(n: number, rng: Rng, squeeze = false): Instance {
  const inst = generateInstance(n, rng, `tiny-${n}`);
  if (!squeeze) return inst;
  const capacity = 30 + rng.int(0, 40);
  return {
    ...inst,
    capacity,
    vehicles: Math.max(2, rng.int(1, n + 1)),
    customers: inst.customers.map((c) => {
      const demand = Math.min(capacity, c.demand);
      const due = Math.max(c.ready + 1, Math.min(c.due, c.ready + 40));
      return { ...c, demand, due };
    }),
  };
}

export const tinyProblems = (n: number, count: number, seed: number, squeeze = false): Problem[] => {
  const rng = createRng(seed);
  return Array.from({ length: count }, () => buildProblem(tinyInstance(n, rng, squeeze)));
};

/** A small model for fast tests: same architecture, narrow layers. */
export const tinyModelConfig = (overrides: Partial<ModelConfig> = {}): ModelConfig =>
  modelConfig({
    embedDim: 16,
    encoderLayers: 2,
    encoderHeads: 2,
    feedForwardDim: 32,
    decoderDim: 16,
    decoderHeads: 2,
    tourLength: 6,
    ...overrides,
  });

/** Saves an untrained tiny model as root/<kind>-<variant>-n<size> (a model folder like the shipped ones). */
export async function saveTinyModel(
  root: string,
  kind: 'jampr' | 'am',
  variant: 'tw1' | 'tw2',
  size: number,
  seed = size,
  overrides: Partial<ModelConfig> = {},
): Promise<string> {
  const policy = new Policy(tinyModelConfig({ kind, ...overrides }), seed);
  const card: ModelCard = {
    name: `${kind}-${variant}-n${size}`,
    kind,
    variant,
    size,
    config: policy.config,
    env: { mCon: 2, mPre: 6 },
    recipe: { name: 'pomo-mean' },
    instanceSource: 'generator',
    instancesTrained: 0,
    cpuSeconds: 0,
    validation: { instances: 0, seed: 0, curve: [] },
    date: '2025-01-01T00:00:00Z',
  };
  const dir = join(root, card.name);
  await saveCheckpoint(dir, policy, card);
  policy.dispose();
  return dir;
}
