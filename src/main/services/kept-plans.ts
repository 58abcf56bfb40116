import type { CallRequest, StoredPlan } from '../../shared/api.js';
import { inputError } from '../../shared/errors.js';
import { someOf } from '../../shared/some-of.js';
import { evaluatePlan } from '../vrp/evaluate.js';
import { buildProblem } from '../vrp/validate.js';
import type { ServiceContext } from './context.js';
import { dataFingerprint } from './data-fingerprint.js';
import { planOnCurrentData, refuseVisitsTwice } from './plans.js';
import { instanceAsShown } from './stored.js';
import { toVariant } from './variant.js';

/**
 * plans:keep: the plan on screen goes with the day kept as a new day (Save as new day, or a save refused because the
 * day was deleted or saved over in another window): the plan it was is gone with its day, or belongs to the other
 * one, and the dispatcher still has it on screen. It is the same plan, made by the same method, so it keeps its
 * method, model and planning time; only its figures are made again, on the new day, by the evaluator.
 */
export function keptPlanServices(ctx: ServiceContext) {
  return {
    'plans:keep': ({ instanceId, basedOn, plan, madeOn }: CallRequest<'plans:keep'>): StoredPlan => {
      const { instance } = instanceAsShown(
        ctx,
        { instanceId, basedOn },
        { nothingDone: 'the plan was not kept', toDo: 'keep the plan on it' },
      );
      refuseVisitsTwice(plan.routes, 'the plan');
      // A customer removed from the day since the plan was made still stands on its routes, as on any plan of a day
      // changed since; one neither day has is another day's, or a typo.
      const known = new Set([...instance.customers, ...madeOn.customers].map((c) => c.id));
      const unknown = [...new Set(plan.routes.flat().filter((id) => !known.has(id)))];
      if (unknown.length > 0) {
        throw inputError(
          `the plan visits ${someOf(unknown, 5)}, which neither “${instance.name}” nor the day it was made on has; nothing was kept`,
        );
      }
      const variant = toVariant(plan.variant);
      const { id } = ctx.store.plans.insert({
        instanceId,
        variant,
        method: plan.method,
        modelName: plan.modelName,
        routes: plan.routes,
        evaluation: evaluatePlan(buildProblem(instance), plan.routes, variant),
        seconds: plan.seconds,
        ...(plan.effort === undefined ? {} : { effort: plan.effort }),
        ...(plan.greedyKept ? { greedyKept: true as const } : {}),
        ...(plan.cutShort ? { cutShort: true as const } : {}),
        // Made on the day the window showed it with: where the new day plans otherwise, the plan is out of date on it.
        dataFingerprint: dataFingerprint(madeOn),
      });
      return planOnCurrentData(ctx, id).plan;
    },
  };
}
