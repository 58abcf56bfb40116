import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeVariant } from '../../../src/shared/domain.js';
import { jamprEnvConfig } from '../../../src/main/jampr/env/config.js';
import { reset, step } from '../../../src/main/jampr/env/env.js';
import type { EnvState } from '../../../src/main/jampr/env/state.js';
import { modelConfig, type ModelConfig } from '../../../src/main/jampr/model/config.js';
import { vehicleFeatureRow } from '../../../src/main/jampr/model/inputs.js';
import { Policy } from '../../../src/main/jampr/model/policy.js';
import { modelFrame } from '../../../src/main/jampr/frame.js';
import { createRng } from '../../../src/main/vrp/rng.js';
import { tinyProblems } from './fixtures.js';

/**
 * The decoder folds the joint action embedding into its weights and keeps running sums across
 * steps. This reference recomputes spec 3.2-3.5 literally from scratch at one state: every vehicle's
 * embedding, the 640-d context, M[j,i] for every action, its 768-wide projection, the glimpse and the
 * pointer. Both must give the same log-probabilities.
 */
function referenceLogp(policy: Policy, s: EnvState, config: ModelConfig): Float32Array {
  const p = (name: string) => {
    const v = policy.params.trainable.get(name);
    if (!v) throw new Error(`no parameter ${name}`);
    return v as tf.Tensor2D;
  };
  const linear = (x: tf.Tensor2D, name: string, relu: boolean) => {
    const y = tf.matMul(x, p(`${name}/kernel`)).add(p(`${name}/bias`));
    return relu ? tf.relu(y) : y;
  };
  const gv = (x: tf.Tensor2D) =>
    linear(linear(linear(x, 'jampr/gv/0', true) as tf.Tensor2D, 'jampr/gv/1', true) as tf.Tensor2D, 'jampr/gv/2', false) as tf.Tensor2D;
  const gs = (x: tf.Tensor2D) => linear(linear(x, 'jampr/gs/0', true) as tf.Tensor2D, 'jampr/gs/1', false) as tf.Tensor2D;
  return tf.tidy(() => {
    const { embedDim: d, decoderDim: D, decoderHeads: H, clip } = config;
    const nodes = s.batch.n + 1;
    const m = s.batch.config.mCon;
    const out: Float32Array[] = [];
    s.batch.problems.forEach((_, b) => {
      const enc = policy.encoder.apply(nodeFeatureTensor(s, b, config), false);
      const omega = enc.nodes.reshape([nodes, d]) as tf.Tensor2D;
      const gsAll = gs(omega);
      const K = s.batch.fleet[b];
      const vehicle = (k: number) => {
        const tour: number[] = [];
        for (let i = 1; i < nodes; i++) if (s.servedBy[b * nodes + i] === k) tour.push(i);
        const members = config.tourAggregation === 'paper' ? tour : [0, ...tour];
        const scale = config.tourAggregation === 'paper' ? 1 / config.tourLength : 1 / members.length;
        const tourEmb = members.length ? gsAll.gather(members).sum(0).mul(scale) : tf.zeros([d / 2]);
        const row = vehicleFeatureRow(s, config, b, k, 0);
        const features = tf.tensor2d(row, [1, row.length]);
        return tf.concat([gv(features).reshape([d / 2]), tourEmb]);
      };
      const all = Array.from({ length: K }, (_, k) => vehicle(k));
      const fleet = tf.stack(all).mean(0);
      const slots = Array.from({ length: m }, (_, j) => s.slots[b * m + j]);
      const active = slots.filter((k) => k >= 0).map((k) => all[k]);
      const act = tf.stack(active).mean(0);
      const lastNodes = Array.from({ length: K }, (_, k) => s.lastCustomer[b * s.batch.kMax + k]);
      const last = omega.gather(lastNodes).mean(0);
      const context = tf.concat([enc.graph.reshape([d]), fleet, act, enc.depot.reshape([d]), last]).reshape([1, 5 * d]);
      const q = tf.matMul(context, p('jampr/Wq')); // [1, D]
      const w3 = p('jampr/W3');
      const rows = slots.map((k) => {
        const v = k >= 0 ? all[k] : tf.zeros([d]);
        const vv = tf.tile(v.reshape([1, d]), [nodes, 1]);
        const joint = tf.concat([vv.mul(omega), tf.matMul(omega, v.reshape([d, 1]))], 1); // [N+1, d+1]
        return tf
          .matMul(omega, p('jampr/W1'))
          .add(tf.matMul(vv, p('jampr/W2')))
          .add(tf.matMul(joint, w3));
      });
      const M = tf.concat(rows, 0) as tf.Tensor2D; // [m(N+1), d]
      const kvl = tf.matMul(M, tf.concat([p('jampr/Wk'), p('jampr/Wv'), p('jampr/Wl')], 1)); // [m(N+1), 3D]
      const [kg, vg, kl] = tf.split(kvl, 3, 1);
      const mask = tf.tensor1d(Array.from(s.mask.subarray(b * m * nodes, (b + 1) * m * nodes), (x) => (x ? 0 : -1e9)));
      const hd = D / H;
      const heads = Array.from({ length: H }, (_, h) => {
        const qh = q.slice([0, h * hd], [1, hd]);
        const kh = kg.slice([0, h * hd], [-1, hd]);
        const vh = vg.slice([0, h * hd], [-1, hd]);
        const a = tf.softmax(
          tf
            .matMul(qh, kh, false, true)
            .reshape([-1])
            .mul(1 / Math.sqrt(hd))
            .add(mask),
        );
        return tf.matMul(a.reshape([1, -1]), vh);
      });
      const g = tf.matMul(tf.concat(heads, 1), p('jampr/Wo'));
      const logits = tf
        .tanh(
          tf
            .matMul(g, kl, false, true)
            .reshape([-1])
            .mul(1 / Math.sqrt(D)),
        )
        .mul(clip);
      out.push(tf.logSoftmax(logits.add(mask)).dataSync() as Float32Array);
    });
    return Float32Array.from(out.flatMap((a) => Array.from(a)));
  });
}

function nodeFeatureTensor(s: EnvState, b: number, config: ModelConfig): tf.Tensor3D {
  const p = s.batch.problems[b];
  const f = modelFrame(p);
  const rows = Array.from({ length: p.n + 1 }, (_, i) => [
    f.x[i] / 100,
    f.y[i] / 100,
    i === 0 ? 0 : p.demand[i] / p.capacity,
    f.ready[i] / 1000,
    f.due[i] / 1000,
    ...(config.serviceFeature ? [(p.service[i] * f.scale) / 100] : []),
  ]);
  return tf.tensor3d([rows]);
}

const small = (overrides: Partial<ModelConfig> = {}) =>
  modelConfig({ embedDim: 16, encoderLayers: 2, encoderHeads: 2, feedForwardDim: 24, decoderDim: 16, decoderHeads: 4, ...overrides });

/** Walks a few random steps, including a premature return, so that done, active and unused vehicles coexist. */
function midEpisode(seed: number): EnvState {
  const rng = createRng(seed);
  let s = reset(tinyProblems(8, 3, seed), jamprEnvConfig(makeVariant('tw2'), 8, { mCon: 3, mPre: 3 }));
  const width = 3 * 9;
  for (let t = 0; t < 5; t++) {
    const actions = s.batch.problems.map((_, b) => {
      const allowed = [...Array(width).keys()].filter((a) => s.mask[b * width + a]);
      const depot = allowed.find((a) => a % 9 === 0);
      return t === 2 && depot !== undefined ? depot : allowed[rng.int(0, allowed.length)];
    });
    s = step(s, actions);
  }
  return s;
}

describe('folded JAMPR decoder', () => {
  beforeAll(async () => {
    await tf.setBackend('cpu');
  });

  for (const aggregation of ['depot-mean', 'paper'] as const) {
    it(`gives the literal specification's log-probabilities (${aggregation} tours)`, () => {
      // Random-init logits are nearly flat: a large clip C spreads them (tanh stays unsaturated) so any wrong term shows.
      const config = small({ tourAggregation: aggregation, tourLength: 8, clip: 200 });
      const policy = new Policy(config, 5);
      const s0 = reset(tinyProblems(8, 3, 4), jamprEnvConfig(makeVariant('tw2'), 8, { mCon: 3, mPre: 3 }));
      const target = midEpisode(4);
      // Step the decoder along the same trajectory so that its running sums are exercised.
      const decoder = policy.begin(s0, { training: false });
      let s = s0;
      const rng = createRng(4);
      const width = 3 * 9;
      for (let t = 0; t < 5; t++) {
        decoder.step(s).dispose();
        const actions = s.batch.problems.map((_, b) => {
          const allowed = [...Array(width).keys()].filter((a) => s.mask[b * width + a]);
          const depot = allowed.find((a) => a % 9 === 0);
          return t === 2 && depot !== undefined ? depot : allowed[rng.int(0, allowed.length)];
        });
        s = step(s, actions);
      }
      expect(Array.from(s.slots)).toEqual(Array.from(target.slots));
      expect(Array.from(s.status)).toContain(2);
      const logp = decoder.step(s);
      const folded = logp.dataSync();
      logp.dispose();
      decoder.dispose();
      const reference = referenceLogp(policy, s, config);
      let spread = 0;
      for (let a = 0; a < folded.length; a++) {
        if (!s.mask[a]) {
          expect(folded[a]).toBeLessThan(-1e8);
          continue;
        }
        expect(Math.abs(folded[a] - reference[a])).toBeLessThan(2e-5);
        spread = Math.max(spread, Math.abs(reference[a] - reference[s.mask.indexOf(1)]));
      }
      expect(spread).toBeGreaterThan(0.5); // the check above is not vacuous
      policy.dispose();
    });
  }
});
