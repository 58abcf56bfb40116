import type * as tf from '@tensorflow/tfjs';
import type { Problem } from '../../vrp/problem.js';
import { solveClassical } from '../../vrp/solvers/classical.js';
import type { Rng } from '../../vrp/rng.js';
import type { EnvConfig } from '../env/config.js';
import type { Policy } from '../model/policy.js';
import { rollout } from '../rollout.js';
import type { Adam } from './adam.js';
import { applyGradients, lossGradients } from './update.js';
import { mean } from './costs.js';
import { evaluateIndexRoutes } from '../../vrp/evaluate.js';
import { PlanReplay, replayable } from './expert.js';
import { fitToFleet } from '../../vrp/solvers/fleet-fit.js';
import { leavesOnlyOutOfReach } from '../../vrp/unserved.js';

/**
 * The warm start the issue suggests: imitate the classical solver. Each instance's plan is replayed
 * as joint actions (expert.ts) and the policy, BatchNorm in training mode, maximises their
 * log-likelihood (teacher forcing): L = −mean_batch Σ_t log π(a*_t|s_t) / N. The expert's actions pass the fleet
 * rule and the m_pre limit (env.admit): on a tight fleet most classical plans close a route the rule would keep
 * open, and leaving them out left retraining on such a fleet with nothing to learn from.
 */
export interface ImitationSettings {
  env: EnvConfig;
  /** Classical solver time per instance. */
  expertSeconds: number;
  maxGradNorm: number;
  /** BatchNorm on its running statistics (fine-tuning). */
  frozenNorm?: boolean;
}

export interface ImitationStats {
  /** Mean cost of the expert plans used. */
  meanCost: number;
  /** Mean negative log-likelihood per decision. */
  loss: number;
  gradNorm: number;
  used: number;
}

export function expertPlans(
  problems: readonly Problem[],
  settings: ImitationSettings,
  rng: Rng,
): { problems: Problem[]; plans: number[][][]; costs: number[] } {
  const out = { problems: [] as Problem[], plans: [] as number[][][], costs: [] as number[] };
  for (const p of problems) {
    const { variant } = settings.env;
    // Within the fleet and the hard rules; a customer no vehicle can reach in time (a real day may have one) is left.
    const routes = fitToFleet(p, variant, solveClassical(p, variant, { timeLimitSec: settings.expertSeconds, seed: rng.int(0, 2 ** 31) }));
    const evaluation = evaluateIndexRoutes(p, routes, variant);
    if (!leavesOnlyOutOfReach(p, variant, evaluation) || !replayable(p, routes, settings.env)) continue;
    out.problems.push(p);
    out.plans.push(routes);
    out.costs.push(evaluation.cost);
  }
  return out;
}

export function imitationStep(
  policy: Policy,
  adam: Adam,
  settings: ImitationSettings,
  problems: readonly Problem[],
  rng: Rng,
): ImitationStats {
  const { grads, ...stats } = imitationGradients(policy, settings, problems, rng);
  if (grads === null) return { ...stats, gradNorm: 0 };
  return { ...stats, gradNorm: applyGradients(policy, adam, grads, settings.maxGradNorm) };
}

/**
 * The imitation loss's gradient without the update (null when no expert plan could be replayed); the caller
 * disposes it. Its loss is a mean over the `used` instances, which weigh a shard's part of a split batch.
 */
export function imitationGradients(
  policy: Policy,
  settings: ImitationSettings,
  problems: readonly Problem[],
  rng: Rng,
): Omit<ImitationStats, 'gradNorm'> & { grads: Map<string, tf.Tensor> | null } {
  const expert = expertPlans(problems, settings, rng);
  if (expert.problems.length === 0) return { meanCost: NaN, loss: NaN, used: 0, grads: null };
  const { loss, grads } = lossGradients(policy, imitationLoss(policy, expert.problems, expert.plans, settings.env, settings.frozenNorm));
  return { meanCost: mean(expert.costs), loss, used: expert.problems.length, grads };
}

/**
 * The imitation loss of `plans` (teacher forcing, BatchNorm in training mode unless frozen), as a loss for
 * lossGradients: −mean_batch Σ_t log π(a*_t|s_t) / N.
 */
export function imitationLoss(
  policy: Policy,
  problems: readonly Problem[],
  plans: number[][][],
  env: EnvConfig,
  frozenNorm?: boolean,
): (release: (t: tf.Tensor) => void) => tf.Scalar {
  return (release) => {
    const teacher = { kind: 'teacher' as const, teacher: new PlanReplay(plans) };
    const { logLikelihood } = rollout(policy, problems, env, teacher, { training: true, frozenNorm, logLikelihood: true });
    if (!logLikelihood) throw new Error('the rollout returned no log-likelihood');
    release(logLikelihood);
    return logLikelihood.mean().mul(-1 / problems[0].n) as tf.Scalar;
  };
}
