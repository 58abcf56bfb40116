import * as tf from '@tensorflow/tfjs';
import { threadId } from 'node:worker_threads';
import type { Problem } from '../../vrp/problem.js';
import { createRng, type Rng } from '../../vrp/rng.js';
import type { ModelConfig } from '../model/config.js';
import type { Policy } from '../model/policy.js';
import { sampleMeanBaseline, warmUpBaseline } from './baseline.js';
import { mean } from './costs.js';
import { imitationGradients, type ImitationSettings } from './imitation.js';
import { reinforceGradients, type ReinforceSettings } from './reinforce.js';
import { type SelfImitationSettings, selfImitationGradients } from './self-imitation.js';

/**
 * A training thread's work (parallel-step.ts): the gradient of the recipe's loss on a batch (or, for imitation, a
 * shard of one) at the weights it was sent with, and BatchNorm's statistics after it. Requests and results are
 * plain data (structured-cloned between threads).
 */

/** How a batch's rows are judged: the other samples of their instance, given values, or the warm-up average. */
export type ShardBaseline =
  | { kind: 'sample-mean' }
  /** One value per row of the batch (the rollout baseline's greedy costs after its warm-up epoch). */
  | { kind: 'given'; values: Float64Array }
  /** The rollout baseline's warm-up: 0.8·previous + 0.2·(mean of this batch's costs). */
  | { kind: 'warm-up'; previous: number | null };

export type ShardWork =
  | { kind: 'reinforce'; settings: ReinforceSettings; baseline: ShardBaseline; stepSeed: number }
  | { kind: 'imitation'; settings: ImitationSettings; seed: number }
  | { kind: 'self-imitation'; settings: SelfImitationSettings; seed: number };

export interface ShardRequest {
  config: ModelConfig;
  /** Every variable (weights and BatchNorm statistics) by name, as the step starts. */
  values: [string, Float32Array][];
  problems: Problem[];
  work: ShardWork;
}

export interface ShardResult {
  /** The gradient of the batch's mean loss by parameter name; null when the batch had nothing to learn from. */
  grads: [string, Float32Array][] | null;
  /** Rows the loss averages over (none: nothing to learn from). */
  weight: number;
  loss: number;
  meanCost: number;
  baselineCost: number;
  /** Sampled cost of each row (REINFORCE; empty for imitation). */
  costs: Float64Array;
  /** BatchNorm statistics after the step, and the rows they were taken over. */
  state: [string, Float32Array][];
  normRows: number;
  threadId: number;
}

/**
 * A sampling stream per row of the batch, from the step's seed and the row's index: what a row samples does not
 * depend on which thread runs it or on the rows beside it.
 */
export function rowStreams(stepSeed: number, count: number): Rng[] {
  return Array.from({ length: count }, (_, r) => createRng((stepSeed ^ Math.imul(r + 1, 0x9e3779b9)) >>> 0));
}

/** Sets every variable of the policy to the given values (the weights the parent broadcast). */
export function loadValues(policy: Policy, values: readonly [string, Float32Array][]): void {
  for (const [name, data] of values) {
    const v = policy.params.trainable.get(name) ?? policy.params.state.get(name);
    if (!v) throw new Error(`the model has no parameter ${name}`);
    tf.tidy(() => v.assign(tf.tensor(data, v.shape)));
  }
  policy.params.touch();
}

/** The batch's gradient and statistics on `policy`, whose values the caller has set to those it was sent with. */
export function computeShard(policy: Policy, request: Omit<ShardRequest, 'config' | 'values'>): ShardResult {
  const { problems, work } = request;
  const nodes = problems.length ? problems[0].n + 1 : 0;
  if (work.kind === 'imitation') {
    const { grads, ...stats } = imitationGradients(policy, work.settings, problems, createRng(work.seed));
    return {
      grads: grads && toArrays(grads),
      weight: stats.used,
      loss: stats.loss,
      meanCost: stats.meanCost,
      baselineCost: stats.meanCost,
      costs: new Float64Array(0),
      state: stateOf(policy),
      normRows: stats.used * nodes,
      threadId,
    };
  }
  if (work.kind === 'self-imitation') {
    const { grads, ...stats } = selfImitationGradients(policy, work.settings, problems, createRng(work.seed));
    return {
      grads: toArrays(grads),
      weight: stats.used,
      loss: stats.loss,
      meanCost: stats.meanCost,
      baselineCost: stats.greedyCost,
      costs: new Float64Array(0),
      state: stateOf(policy),
      normRows: stats.used * nodes,
      threadId,
    };
  }
  const P = work.settings.samplesPerInstance;
  const rows = problems.length * P;
  const draws = { rng: createRng(work.stepSeed), rows: rowStreams(work.stepSeed, rows) };
  const { grads, loss, costs, baselines } = reinforceGradients(policy, work.settings, problems, draws, baselineOf(work.baseline, P));
  return {
    grads: toArrays(grads),
    weight: rows,
    loss,
    meanCost: mean(costs),
    baselineCost: mean(baselines),
    costs,
    state: stateOf(policy),
    // The encoder runs once per row when augmenting (each row its own symmetry), else once per instance.
    normRows: (work.settings.augment ? rows : problems.length) * nodes,
    threadId,
  };
}

function baselineOf(spec: ShardBaseline, P: number): (costs: Float64Array) => Float64Array {
  switch (spec.kind) {
    case 'sample-mean':
      return (costs) => sampleMeanBaseline(costs, P);
    case 'given':
      return () => spec.values;
    case 'warm-up':
      return (costs) => new Float64Array(costs.length).fill(warmUpBaseline(spec.previous, mean(costs)));
    default: {
      const unknown: never = spec;
      throw new Error(`unknown shard baseline ${JSON.stringify(unknown)}`);
    }
  }
}

/** Copies the gradients out of their tensors (disposing them) for the message back to the parent. */
function toArrays(grads: Map<string, tf.Tensor>): [string, Float32Array][] {
  const out: [string, Float32Array][] = [];
  for (const [name, g] of grads) out.push([name, Float32Array.from(g.dataSync() as Float32Array)]);
  tf.dispose([...grads.values()]);
  return out;
}

/** Every variable (weights and BatchNorm statistics) as the policy holds it: an update assigns new arrays, never writes these. */
export function valuesOf(policy: Policy): [string, Float32Array][] {
  return [...policy.params.all()].map(([name, v]) => [name, v.dataSync() as Float32Array]);
}

/** A copy of BatchNorm's running statistics. */
export function stateOf(policy: Policy): [string, Float32Array][] {
  return [...policy.params.state].map(([name, v]) => [name, Float32Array.from(v.dataSync() as Float32Array)]);
}
