import type { Instance, Variant } from '../../shared/domain.js';
import { unservedIds } from '../../shared/not-served.js';
import { evaluatePlan } from '../vrp/evaluate.js';
import { buildProblem } from '../vrp/validate.js';
import type { PlanJob, PlanResult } from './protocol.js';

/**
 * A model's JAMPR greedy plan of a held-out day, made by the plan job (`plan`: in the worker, or through the job runner)
 * and priced by the evaluator: the figures the Plan view shows, by which a retrained model is judged (jobs/train.ts
 * after the run, services/held-out-at-end.ts for a day changed during it).
 */
export async function greedyPlanPrice(
  instance: Instance,
  variant: Variant,
  modelDir: string,
  plan: (job: PlanJob) => Promise<Pick<PlanResult, 'routes'>>,
): Promise<{ cost: number; unserved: number }> {
  const { routes } = await plan({ instance, variant, method: 'jampr', decode: 'greedy', modelDir });
  const evaluation = evaluatePlan(buildProblem(instance), routes, variant);
  return { cost: evaluation.cost, unserved: unservedIds(evaluation).length };
}
