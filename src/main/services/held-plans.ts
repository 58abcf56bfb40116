import type { HeldPlan } from '../../shared/api.js';
import type { Evaluation, Instance, Variant } from '../../shared/domain.js';
import { inputError } from '../../shared/errors.js';
import { storedMethodRules } from '../../shared/methods.js';
import { someOf } from '../../shared/some-of.js';
import { evaluatePlan } from '../vrp/evaluate.js';
import { buildProblem } from '../vrp/validate.js';
import type { ServiceContext } from './context.js';
import { type PlanKnowledge, withReasonsFrom } from './plan-reasons.js';

/**
 * A plan as a window holds it (plans:keep, plans:export `held`), sent back after the stored plan was deleted: only the
 * window still knows how it was made. What this side can check of it is checked here; what it cannot, a plan stored
 * from it says (`unverified`).
 */

/**
 * How the plan says it was made, held to what a plan of its method says (storedMethodRules) and to the models
 * registered here: a method no plan is made with, a model named where the method plans without one or none named where
 * it plans with one, a registered model of another kind than the method plans with, or an effort, a greedy plan kept
 * or a time limit cut short that the method never gives, is refused by name (`nothingDone` ends the refusal). A model
 * no model here is named (deleted since its plan was made, as models are while their plans stay) cannot be checked, as
 * the planning time cannot: its name is taken as the window says, and the plan stored from it says so (`unverified`).
 */
export function checkHeldMaking(ctx: ServiceContext, plan: HeldPlan, nothingDone: string): void {
  const { method, modelName } = plan;
  const rules = storedMethodRules(method);
  const refuse = (why: string) => inputError(`${why}; ${nothingDone}`);
  if (!rules) {
    throw refuse(
      `the plan's method ${method} is not a method plans are made with (classical, random, manual, jampr-greedy, am-sample128, jampr-greedy+ls…)`,
    );
  }
  if (rules.model === null && modelName !== null)
    throw refuse(`the plan's method ${method} plans without a model, yet the plan names the model ${modelName}`);
  if (rules.model !== null) {
    if (modelName === null) throw refuse(`the plan's method ${method} plans with a ${rules.model} model, and the plan names none`);
    const model = ctx.store.models.named(modelName);
    if (model && model.card.method !== rules.model) {
      throw refuse(
        `the plan names the model ${modelName}, a ${model.card.method} model, and its method ${method} plans with a ${rules.model} one`,
      );
    }
  }
  const claims = [
    ['effort', plan.effort !== undefined, rules.effort],
    ['greedyKept', plan.greedyKept === true, rules.greedyKept],
    ['cutShort', plan.cutShort === true, rules.cutShort],
  ] as const;
  for (const [field, said, possible] of claims) {
    if (said && !possible) throw refuse(`the plan says ${field}, which a plan made by ${method} never does`);
  }
}

/**
 * What the held plan says of the customers it leaves out for reasons of its own (`takenOff`, `addedAfter`; the
 * evaluator gives the others). A customer said to be left out while on its routes, or for both reasons, is refused.
 */
export function heldKnowledge(plan: HeldPlan, nothingDone: string): PlanKnowledge {
  const routed = new Set(plan.routes.flat());
  const takenOff = new Set(plan.takenOff ?? []);
  const addedAfter = new Set(plan.addedAfter ?? []);
  const onRoutes = [...takenOff, ...addedAfter].filter((id) => routed.has(id));
  if (onRoutes.length > 0) throw inputError(`the plan says it leaves out ${someOf(onRoutes, 5)}, which its routes visit; ${nothingDone}`);
  const both = [...takenOff].filter((id) => addedAfter.has(id));
  if (both.length > 0) {
    throw inputError(`the plan says ${someOf(both, 5)} were both taken off its routes by hand and added after it was made; ${nothingDone}`);
  }
  return { routes: plan.routes, knows: (id) => !addedAfter.has(id), takenOff };
}

/** The held plan's figures, made by the evaluator on `day`, with the reasons of its own it gives (heldKnowledge). */
export function heldEvaluation(plan: HeldPlan, day: Instance, variant: Variant, nothingDone: string): Evaluation {
  return withReasonsFrom(heldKnowledge(plan, nothingDone), evaluatePlan(buildProblem(day), plan.routes, variant));
}
