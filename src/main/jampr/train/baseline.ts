import type { Problem } from '../../vrp/problem.js';
import type { Rng } from '../../vrp/rng.js';
import type { EnvConfig } from '../env/config.js';
import { Policy } from '../model/policy.js';
import { greedyCosts, mean } from './costs.js';
import type { InstanceSource } from './sources.js';
import { pairedOneSidedP } from './ttest.js';

/**
 * The greedy-rollout baseline (docs/model.md, "Training"): b is the greedy cost of a frozen copy of the
 * best policy so far (BatchNorm in eval mode). Epoch 0 is a warm-up with the exponential baseline
 * v ← 0.8·v + 0.2·mean(c). At each epoch's end the candidate replaces the baseline when it is better
 * on the eval set by a one-sided paired t-test at p < 0.05; then a fresh eval set is drawn.
 */
export interface BaselineCheck {
  replaced: boolean;
  candidateCost: number;
  baselineCost: number;
  p: number;
}

export class RolloutBaseline {
  private readonly frozen: Policy;
  private evalSet: Problem[] = [];
  private evalCosts: Float64Array = new Float64Array(0);
  private exponential: number | null = null;

  constructor(
    private readonly env: EnvConfig,
    private readonly source: InstanceSource,
    private readonly evalSize: number,
    private readonly rng: Rng,
    current: Policy,
  ) {
    this.frozen = new Policy(current.config);
    this.adopt(current);
  }

  /**
   * The baseline function for one batch of instances with P samples each. The frozen policy's greedy
   * rollouts run here, before the caller opens its gradient tape; the warm-up needs the sampled costs.
   */
  prepare(epoch: number, problems: readonly Problem[], samplesPerInstance: number): (costs: Float64Array) => Float64Array {
    if (epoch === 0) {
      return (costs) => {
        const batchMean = mean(costs);
        this.exponential = warmUpBaseline(this.exponential, batchMean);
        return new Float64Array(costs.length).fill(this.exponential);
      };
    }
    const greedy = greedyCosts(this.frozen, problems, this.env);
    return () => Float64Array.from({ length: greedy.length * samplesPerInstance }, (_, r) => greedy[Math.floor(r / samplesPerInstance)]);
  }

  /** The warm-up's moving average so far (null before the first batch): threads sharing a step start from it. */
  get warmUp(): number | null {
    return this.exponential;
  }

  /** The end-of-epoch test; replaces the baseline (and redraws its eval set) when the candidate wins. */
  check(candidate: Policy): BaselineCheck {
    const costs = greedyCosts(candidate, this.evalSet, this.env);
    const candidateCost = mean(costs);
    const baselineCost = mean(this.evalCosts);
    const p = candidateCost < baselineCost ? pairedOneSidedP(costs, this.evalCosts) : 1;
    const replaced = p < 0.05;
    if (replaced) this.adopt(candidate);
    return { replaced, candidateCost, baselineCost, p };
  }

  /** The current baseline policy's mean greedy cost on its eval set. */
  get cost(): number {
    return mean(this.evalCosts);
  }

  dispose(): void {
    this.frozen.dispose();
  }

  private adopt(policy: Policy): void {
    this.frozen.params.copyFrom(policy.params);
    this.evalSet = this.source.draw(this.evalSize, this.rng);
    this.evalCosts = greedyCosts(this.frozen, this.evalSet, this.env);
  }
}

/** The warm-up baseline v ← 0.8·v + 0.2·(batch mean), starting at the first batch's mean. */
export const warmUpBaseline = (previous: number | null, batchMean: number): number =>
  previous === null ? batchMean : 0.8 * previous + 0.2 * batchMean;

/** POMO-style shared baseline: the mean cost of the other samples of the same instance. */
export function sampleMeanBaseline(costs: Float64Array, samplesPerInstance: number): Float64Array {
  const out = new Float64Array(costs.length);
  const P = samplesPerInstance;
  for (let start = 0; start < costs.length; start += P) {
    let sum = 0;
    for (let c = 0; c < P; c++) sum += costs[start + c];
    // Leave-one-out keeps the baseline independent of the sample it judges (unbiased for P ≥ 2).
    for (let c = 0; c < P; c++) out[start + c] = P > 1 ? (sum - costs[start + c]) / (P - 1) : sum;
  }
  return out;
}
