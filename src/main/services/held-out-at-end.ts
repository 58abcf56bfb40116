import { greedyPlanPrice } from '../jobs/greedy-price.js';
import { carriedCustomers, type Instance, makeVariant, type VariantName } from '../../shared/domain.js';
import type { HoldoutComparison } from '../../shared/holdout.js';
import { modelSizeRefusal } from '../../shared/model-limits.js';
import type { ServiceContext } from './context.js';

/**
 * The held-out days of a run as stored when it ends. The run validated on, and its comparison planned, the copies read
 * at its start; the dispatcher may have deleted a day since (another window), or changed one (a wrong time window fixed).
 * A deleted day is left out of the judging; a changed one is judged as it is stored now (judgeChanged), so the verdict
 * and the curve's last point are about the day the dispatcher has, not the one they corrected.
 */
export interface HeldOutAtEnd {
  /** For each held-out day, whether it is still stored. */
  still: boolean[];
  /** For each held-out day, the version stored now where it plans differently from the copy read at the start. */
  changed: (Instance | null)[];
  /** Each held-out day's name as stored now (renamed during the run: the verdict quotes the name the dispatcher sees); a deleted one's as read at the start. */
  names: string[];
}

export function heldOutAtEnd(ctx: ServiceContext, ids: readonly number[], atStart: readonly Instance[]): HeldOutAtEnd {
  const now = ids.map((id) => ctx.store.instances.get(id)?.instance);
  return {
    still: now.map((day) => day !== undefined),
    changed: now.map((day, d) => (day !== undefined && !plansAlike(day, atStart[d]) ? day : null)),
    names: now.map((day, d) => (day ?? atStart[d]).name),
  };
}

/** Whether two versions of a day plan alike: all but their name (a renamed day is judged as it was). */
const plansAlike = (a: Instance, b: Instance) => JSON.stringify({ ...a, name: '' }) === JSON.stringify({ ...b, name: '' });

/** What judgeChanged made of the changed days: the comparison, and the verdict's words for them. */
export interface ChangedJudged {
  comparison: HoldoutComparison;
  /** Changed days judged as stored now, by name. */
  judgedNow: string[];
  /** Changed days judged as they were at the start, each with why (a learned model does not plan them now). */
  judgedAsBefore: string[];
}

/**
 * The comparison with each changed day's figures those of the day as stored now: planned again by the new model
 * (`freshDir`) and by the model it was compared with (`currentDirs`, day by day; null for none), as the comparison plans
 * (greedy, the plan job's). A day a learned model no longer plans, or whose plan fails, keeps its figures from the start.
 */
export async function judgeChanged(
  ctx: ServiceContext,
  variantName: VariantName,
  comparison: HoldoutComparison,
  changed: readonly (Instance | null)[],
  names: readonly string[],
  freshDir: string,
  currentDirs: readonly (string | null)[],
): Promise<ChangedJudged> {
  const variant = makeVariant(variantName);
  const plan = (day: Instance, modelDir: string) => greedyPlanPrice(day, variant, modelDir, (job) => ctx.jobs.run('plan', job));
  const c = {
    ...comparison,
    newCosts: [...comparison.newCosts],
    newUnservedByDay: [...comparison.newUnservedByDay],
    currentCosts: comparison.currentCosts && [...comparison.currentCosts],
    currentUnservedByDay: comparison.currentUnservedByDay && [...comparison.currentUnservedByDay],
  };
  const judgedNow: string[] = [];
  const judgedAsBefore: string[] = [];
  for (const [d, day] of changed.entries()) {
    if (!day) continue;
    const refused = modelSizeRefusal(carriedCustomers(day).length);
    if (refused) {
      judgedAsBefore.push(`“${names[d]}” (${carriedCustomers(day).length} customers now, more than a learned model plans)`);
      continue;
    }
    try {
      const fresh = await plan(day, freshDir);
      const currentDir = currentDirs[d];
      const current = c.currentCosts && currentDir ? await plan(day, currentDir) : null;
      c.newCosts[d] = fresh.cost;
      c.newUnservedByDay[d] = fresh.unserved;
      if (current && c.currentCosts && c.currentUnservedByDay) {
        c.currentCosts[d] = current.cost;
        c.currentUnservedByDay[d] = current.unserved;
      }
      judgedNow.push(names[d]);
    } catch (err) {
      judgedAsBefore.push(`“${names[d]}” (planning it again failed: ${err instanceof Error ? err.message : String(err)})`);
    }
  }
  const sum = (days: readonly number[]) => days.reduce((total, u) => total + u, 0);
  return {
    comparison: {
      ...c,
      newUnserved: sum(c.newUnservedByDay),
      currentUnserved: c.currentUnservedByDay ? sum(c.currentUnservedByDay) : null,
    },
    judgedNow,
    judgedAsBefore,
  };
}
