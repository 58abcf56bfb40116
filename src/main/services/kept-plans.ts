import type { CallRequest, HeldPlan, StoredPlan } from '../../shared/api.js';
import type { Instance } from '../../shared/domain.js';
import { inputError } from '../../shared/errors.js';
import { someOf } from '../../shared/some-of.js';
import type { NewPlan } from '../store/plans.js';
import type { ServiceContext } from './context.js';
import { dataFingerprint, UNKNOWN_DATA } from './data-fingerprint.js';
import { checkHeldMaking, heldEvaluation } from './held-plans.js';
import { planOnCurrentData, refuseVisitsTwice } from './plans.js';
import { instanceAsShown, storedPlanUnlessDeleted } from './stored.js';
import { toVariant } from './variant.js';

const NOTHING_KEPT = 'nothing was kept';

/** A plan kept on a new day, less the day and the plan it is kept from. */
type Copy = Omit<NewPlan, 'instanceId' | 'keptFrom'>;

/**
 * plans:keep: the plan on screen goes with the day kept as a new day (Save as new day, or a save refused because the
 * day was deleted or saved over in another window): the plan it was is gone with its day, or belongs to the other
 * one, and the dispatcher still has it on screen. It is the same plan, made by the same method: where the plan it was
 * is still stored, the copy is made from it, as it was made and scored; where it was deleted, only the window knows
 * how it was made, and the copy says so (`unverified`). Either way it names the plan it is a copy of (`keptFrom`).
 */
export function keptPlanServices(ctx: ServiceContext) {
  return {
    'plans:keep': ({ instanceId, basedOn, id, plan, madeOn }: CallRequest<'plans:keep'>): StoredPlan => {
      const { instance } = instanceAsShown(
        ctx,
        { instanceId, basedOn },
        { nothingDone: 'the plan was not kept', toDo: 'keep the plan on it' },
      );
      refuseVisitsTwice(plan.routes, 'the plan');
      // A customer removed from the day since the plan was made still stands on its routes, as on any plan of a day
      // changed since; one neither day has is another day's, or a typo.
      const known = new Set([...instance.customers, ...madeOn.customers].map((c) => c.id));
      const unknown = [...new Set(plan.routes.flat().filter((c) => !known.has(c)))];
      if (unknown.length > 0) {
        throw inputError(
          `the plan visits ${someOf(unknown, 5)}, which neither “${instance.name}” nor the day it was made on has; ${NOTHING_KEPT}`,
        );
      }
      const stored = storedPlanUnlessDeleted(ctx, id);
      const copy = stored ? copyOfStored(ctx, stored, plan) : copyOfHeld(ctx, plan, madeOn);
      const kept = ctx.store.plans.insert({ ...copy, instanceId, keptFrom: id });
      return planOnCurrentData(ctx, kept.id).plan;
    },
  };
}

/**
 * The stored plan as it was made and scored, on the planning data it was made on (its fingerprint): on the new day it
 * is checked as any plan is (plans.ts `recheck`), its reasons for the customers it leaves out kept. Routes other than
 * its own are not that plan: hand edits are kept as an edited plan.
 */
function copyOfStored(ctx: ServiceContext, stored: StoredPlan, sent: HeldPlan): Copy {
  if (JSON.stringify(stored.routes) !== JSON.stringify(sent.routes)) {
    throw inputError(
      `the routes sent are not those of plan ${stored.id}: edited routes are kept as an edited plan (plans:saveEdited); ${NOTHING_KEPT}`,
    );
  }
  const fingerprint = ctx.store.plans.dataFingerprint(stored.id);
  const { variant, method, modelName, routes, evaluation, seconds, effort, greedyKept, cutShort } = stored;
  return {
    variant,
    method,
    modelName,
    routes,
    evaluation,
    seconds,
    ...(effort === undefined ? {} : { effort }),
    ...(greedyKept ? { greedyKept } : {}),
    ...(cutShort ? { cutShort } : {}),
    ...(fingerprint === null ? {} : { dataFingerprint: fingerprint }),
  };
}

/**
 * The plan as the window holds it, its stored plan deleted: its method and model checked as far as they can be
 * (checkHeldMaking), its figures made by the evaluator on `madeOn`, the day the window showed it with, and the rest as
 * the window says (`unverified`). Out of date on screen already, it is out of date on every day (UNKNOWN_DATA).
 */
function copyOfHeld(ctx: ServiceContext, plan: HeldPlan, madeOn: Instance): Copy {
  checkHeldMaking(ctx, plan, NOTHING_KEPT);
  const variant = toVariant(plan.variant);
  return {
    variant,
    method: plan.method,
    modelName: plan.modelName,
    routes: plan.routes,
    evaluation: heldEvaluation(plan, madeOn, variant, NOTHING_KEPT),
    seconds: plan.seconds,
    ...(plan.effort === undefined ? {} : { effort: plan.effort }),
    ...(plan.greedyKept ? { greedyKept: true as const } : {}),
    ...(plan.cutShort ? { cutShort: true as const } : {}),
    unverified: true,
    dataFingerprint: plan.dataChanged ? UNKNOWN_DATA : dataFingerprint(madeOn),
  };
}
