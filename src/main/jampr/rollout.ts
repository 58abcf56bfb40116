import * as tf from '@tensorflow/tfjs';
import { AppError } from '../../shared/errors.js';
import type { Problem } from '../vrp/problem.js';
import type { EnvConfig } from './env/config.js';
import { admit, reset, step } from './env/env.js';
import type { EnvState } from './env/state.js';
import type { BeginOptions, Policy } from './model/policy.js';
import type { StopSignal } from './parallel.js';
import { chooseActions, type Strategy } from './strategy.js';

export interface RolloutResult {
  /** The final state: env/routes.ts reads the plans from it. */
  state: EnvState;
  /** Σ_t log π(a_t|s_t) per row, connected to the weights ([B]); only when requested (training). */
  logLikelihood: tf.Tensor1D | null;
}

/**
 * One batched episode: the policy scores, the strategy picks, the environment moves, until every
 * row is done. Finished rows take no-ops whose log-probability is multiplied by 0. Without a
 * log-likelihood (inference) the policy's array decoder scores; with one, the tfjs decoder under the tape.
 */
export function rollout(
  policy: Policy,
  problems: readonly Problem[],
  config: EnvConfig,
  strategy: Strategy,
  opts: BeginOptions & { logLikelihood?: boolean; signal?: StopSignal; onStep?: (state: EnvState) => void },
): RolloutResult {
  if (!opts.logLikelihood) return { state: inferenceRollout(policy, problems, config, strategy, opts), logLikelihood: null };
  let state = reset(problems, config);
  const decoder = policy.begin(state, opts);
  let sum = tf.keep(tf.zeros([problems.length]) as tf.Tensor1D);
  try {
    while (!state.done) {
      if (strategy.kind === 'teacher') state = admit(state, strategy.teacher.actions(state));
      const logp = decoder.step(state); // [B, m_con·(N+1)]
      const actions = chooseActions(strategy, logp.dataSync() as Float32Array, state);
      sum = accumulate(sum, logp, actions, state);
      logp.dispose();
      state = step(state, actions);
    }
  } catch (err) {
    sum.dispose();
    throw err;
  } finally {
    decoder.dispose();
  }
  return { state, logLikelihood: sum };
}

function inferenceRollout(
  policy: Policy,
  problems: readonly Problem[],
  config: EnvConfig,
  strategy: Strategy,
  opts: BeginOptions & { signal?: StopSignal; onStep?: (state: EnvState) => void },
): EnvState {
  let state = reset(problems, config);
  const decoder = policy.beginInference(state, opts);
  try {
    while (!state.done) {
      // A plan of a thousand stops takes a while: Cancel is heard between steps (a cancelled plan has no result).
      if (opts.signal?.aborted) throw new AppError('cancelled', 'cancelled before it finished');
      if (strategy.kind === 'teacher') state = admit(state, strategy.teacher.actions(state));
      state = step(state, chooseActions(strategy, decoder.logProbs(state), state));
      opts.onStep?.(state);
    }
  } finally {
    decoder.dispose();
  }
  return state;
}

function accumulate(sum: tf.Tensor1D, logp: tf.Tensor2D, actions: Int32Array, state: EnvState): tf.Tensor1D {
  const [rows, width] = logp.shape;
  const next = tf.tidy(() => {
    const flat = Int32Array.from(actions, (a, b) => b * width + a);
    const live = Float32Array.from(state.finished, (f) => 1 - f);
    const chosen = tf.gather(logp.reshape([rows * width]), tf.tensor1d(flat, 'int32')); // [B]
    return sum.add(chosen.mul(tf.tensor1d(live))) as tf.Tensor1D;
  });
  sum.dispose();
  return tf.keep(next);
}
