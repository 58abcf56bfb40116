import * as tf from '@tensorflow/tfjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectCpuBackend } from '../../../src/main/jampr/backend/backend.js';
import { registerFastCpuKernels } from '../../../src/main/jampr/backend/fast-kernels.js';
import { jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { Policy } from '../../../src/main/jampr/model/policy.js';
import { expertPlans, imitationLoss } from '../../../src/main/jampr/train/imitation.js';
import { lossGradients, lossValue } from '../../../src/main/jampr/train/update.js';
import { makeVariant } from '../../../src/shared/domain.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { tinyModelConfig, tinyProblems } from './fixtures.js';

/**
 * The trainer's gradients against finite differences of its own loss: the imitation loss (teacher forcing, every
 * input feature and the pair bias on), differentiated by the tape through the fast CPU kernels, must change along each
 * weight's gradient as fast as its numeric derivative says. A kernel whose backward pass is wrong for one layout, or a
 * tensor the forward pass reads from outside the tape (a detached copy of the node embeddings fails it), shows here.
 */
describe('gradient of the imitation loss', () => {
  beforeAll(async () => {
    await selectCpuBackend();
    registerFastCpuKernels();
  });
  const policies: Policy[] = [];
  afterAll(() => {
    for (const p of policies) p.dispose();
  });

  for (const frozenNorm of [false, true]) {
    it(`matches central differences weight by weight (BatchNorm ${frozenNorm ? 'frozen' : 'on batch statistics'})`, () => {
      const env = jamprEnvConfig(makeVariant('tw1'), 8, { mCon: 2 });
      const problems = tinyProblems(8, 4, 41, true);
      const expert = expertPlans(problems, { env, expertSeconds: 0.05, maxGradNorm: 1 }, createRng(3));
      expect(expert.problems.length).toBeGreaterThan(0);
      const policy = new Policy(tinyModelConfig(), 5);
      policies.push(policy);
      const loss = imitationLoss(policy, expert.problems, expert.plans, env, frozenNorm);
      const value = () => lossValue(loss);
      const { grads } = lossGradients(policy, loss);
      const params = [...policy.params.trainable];
      const start = new Map(params.map(([name, v]) => [name, v.dataSync().slice() as Float32Array]));
      // Every trainable weight gets a gradient: one that is missing is read outside the tape.
      for (const [name] of params) expect(grads.has(name), name).toBe(true);
      const gradient = new Map([...grads].map(([name, g]) => [name, g.dataSync() as Float32Array]));
      const dot = (a: Map<string, Float32Array>, b: Map<string, Float32Array>) => {
        let s = 0;
        for (const [name, xs] of a) {
          const ys = b.get(name) as Float32Array;
          for (let i = 0; i < xs.length; i++) s += xs[i] * ys[i];
        }
        return s;
      };
      const moveTo = (direction: Map<string, Float32Array>, eps: number) => {
        for (const [name, v] of params) {
          const d = direction.get(name);
          const at = start.get(name) as Float32Array;
          v.assign(tf.tensor(d ? Float32Array.from(at, (x, i) => x + eps * d[i]) : at, v.shape));
        }
        policy.params.touch();
      };
      // Along each weight's own gradient (a direction that reads that weight alone), then along all of them at once.
      const directions = [...[...gradient].map(([name, g]) => new Map([[name, g]])), gradient];
      for (const direction of directions) {
        const norm = Math.sqrt(dot(direction, direction));
        if (!(norm > 0)) continue;
        const unit = new Map([...direction].map(([name, xs]) => [name, Float32Array.from(xs, (x) => x / norm)]));
        const eps = 1e-2;
        moveTo(unit, eps);
        const plus = value();
        moveTo(unit, -eps);
        const minus = value();
        moveTo(unit, 0);
        const numeric = (plus - minus) / (2 * eps);
        expect(Math.abs(numeric - norm), [...direction.keys()].join()).toBeLessThan(0.05 * norm + 1e-4);
      }
      tf.dispose([...grads.values()]);
    });
  }
});
