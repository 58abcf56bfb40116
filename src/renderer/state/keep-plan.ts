/**
 * The plan on screen goes with the day when the day is kept as a new day (Save as new day, a save or a Save and plan
 * refused because another window deleted or saved over the day): the plan it was went with its day, or belongs to the
 * other version, and the dispatcher still has it on screen. The plan and day as this window holds them also make the
 * plan's files where they were deleted elsewhere (plans:export `held`).
 */
import type { Api, StoredInstance } from '../../shared/api.js';
import type { Instance } from '../../shared/domain.js';
import { heldPlan, keptEdits } from '../../shared/held-plan.js';
import type { PlanEdit, ShownPlan } from './use-workspace.js';

type Run = <T>(action: string, fn: () => Promise<T>) => Promise<T | undefined>;

/**
 * The plan on screen, stored as a plan of `copy`, the day just stored as a new day. Hand edits are kept as a
 * hand-edited plan, without the customers removed from the day before it was stored (as Save edited plan leaves them
 * out), the stops they took off their routes still taken off by hand; a plan not edited stays the plan it is, made and named as it was, copied from the stored plan where it is
 * still stored (`madeOn`: the day it was shown with). Null where there is none, or it could not be kept (the banner says why).
 */
export async function keepPlanOn(
  api: Api,
  run: Run,
  shown: { plan: ShownPlan | null; edit: PlanEdit | null; madeOn: Instance | undefined },
  copy: StoredInstance,
  action: string,
): Promise<ShownPlan | null> {
  const { plan, edit, madeOn } = shown;
  if (!plan) return null;
  if (edit) {
    const request = keptEdits(plan, edit.routes, copy);
    return (await run(action, () => api.call('plans:saveEdited', request))) ?? null;
  }
  if (!madeOn) return null;
  const request = { instanceId: copy.id, basedOn: copy.updatedAt, id: plan.id, plan: heldPlan(plan), madeOn };
  return (await run(action, () => api.call('plans:keep', request))) ?? null;
}
