import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeVariant, type VariantName } from '../../src/shared/domain.js';
import { findDefaultModel } from '../../src/main/jampr/model-catalog.js';
import { planWithModel } from '../../src/main/jampr/planner.js';
import { evaluateIndexRoutes } from '../../src/main/vrp/evaluate.js';
import { generateInstances } from '../../src/main/vrp/generate.js';
import { generateCityDay } from '../../src/main/vrp/generate-city.js';
import { createRng } from '../../src/main/vrp/rng.js';
import { buildProblem } from '../../src/main/vrp/validate.js';

/**
 * The models the product ships in resources/models: one JAMPR model (and one AM+TW model, the paper's baseline,
 * planned with --method am) per time-window policy at the paper's two training sizes, each with a complete card,
 * chosen by default for its kind, variant and size, planning every customer.
 */
const KINDS = ['jampr', 'am'] as const;
const VARIANTS: VariantName[] = ['tw1', 'tw2', 'tw3'];
const SIZES = [20, 50];

describe('the shipped models', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });

  for (const kind of KINDS) {
    for (const variant of VARIANTS) {
      for (const size of SIZES) {
        it(`${kind}-${variant}-n${size} is the default ${kind} model for ${variant} at N=${size} and its card tells how it was made`, async () => {
          const { card } = await findDefaultModel(kind, variant, size);
          expect(card.name).toBe(`${kind}-${variant}-n${size}`);
          expect(card).toMatchObject({ kind, variant, size });
          expect(card.env.mCon).toBeGreaterThan(0);
          if (kind === 'jampr') expect(card.env.mPre).toBeGreaterThan(0); // the AM builds one route at a time: no m_pre
          expect(card.recipe.name).toMatch(/^(rollout|pomo-mean|imitation)$/);
          expect(card.instancesTrained).toBeGreaterThan(0);
          expect(card.cpuSeconds).toBeGreaterThan(0);
          expect(card.validation.curve.length).toBeGreaterThan(1);
          expect(Number.isNaN(Date.parse(card.date))).toBe(false);
        });
      }
    }
  }

  it('serves every customer of tight-fleet city days under soft windows (once one stop per vehicle, 5 of 42 served)', async () => {
    const variant = makeVariant('tw3');
    const rng = createRng(42);
    for (let day = 0; day < 4; day++) {
      const instance = generateCityDay(42, rng);
      const demand = instance.customers.reduce((a, c) => a + c.demand, 0);
      // The fewest vehicles that can carry the day: any early return strands a customer.
      const problem = buildProblem({ ...instance, vehicles: Math.ceil(demand / instance.capacity) });
      const plan = await planWithModel(problem, variant, { method: 'jampr', decode: 'greedy' });
      expect(plan.routes.flat()).toHaveLength(42);
      expect(evaluateIndexRoutes(problem, plan.routes, variant).feasible).toBe(true);
    }
  });

  it('plans a 100-customer instance with the N=50 model, serving every customer once', async () => {
    const problem = buildProblem(generateInstances(100, 1, 7)[0]);
    const variant = makeVariant('tw1');
    const plan = await planWithModel(problem, variant, { method: 'jampr', decode: 'greedy' });
    expect(plan.modelName).toBe('jampr-tw1-n50');
    const served = plan.routes.flat().sort((a, b) => a - b);
    expect(served).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(evaluateIndexRoutes(problem, plan.routes, variant).feasible).toBe(true);
  });
});
