import { type CallRequest, type Comparison, comparisonSide, type CustomerDiff, type StoredPlan } from '../../shared/api.js';
import { AppError, inputError } from '../../shared/errors.js';
import { unservedIds } from '../../shared/not-served.js';
import { latenessPrice, type StopSchedule, type Variant, VARIANT_LABELS } from '../../shared/domain.js';
import { TIME_EPS } from '../vrp/evaluate.js';
import type { Planner } from './planning.js';
import type { Caller } from './registry.js';
import type { ServiceContext } from './context.js';
import { planOnCurrentData } from './plans.js';
import { requireInstance } from './stored.js';
import { toVariant } from './variant.js';

/** Plans one instance under two variants with the same method and seed, stores both, and diffs them. */
export function compareServices(ctx: ServiceContext, planner: Planner) {
  return {
    'compare:variants': (request: CallRequest<'compare:variants'>, { gone }: Caller) =>
      planner.cancellable(
        request.jobId,
        async (signal): Promise<Comparison> => {
          const half = (offset: number, label: string) => (p: { fraction: number; message: string; indeterminate?: boolean }) =>
            ctx.emit('plan:progress', { ...p, fraction: offset + p.fraction / 2, message: `${label}: ${p.message}`, jobId: request.jobId });
          // Everything but the policy is the same request, so each side is the plan the Plan view would make.
          const { a: variantA, b: variantB, ...common } = request;
          // One policy twice (written alike or not: tw2 and tw2 with its preset's alpha) compares nothing: refused up front.
          const same = samePolicy(toVariant(variantA), toVariant(variantB));
          if (same)
            throw inputError(`a and b are the same policy, ${same}: a comparison plans the day under two policies; change one of them`);
          // Both sides plan the same version of the instance: one saved elsewhere between them refuses side B rather
          // than passing off the change in the data as the policy's effect.
          const basedOn = common.basedOn ?? requireInstance(ctx, request.instanceId).updatedAt;
          // A side the request cannot plan (a model of the other policy) refuses the comparison before side A is planned.
          for (const variant of [variantA, variantB]) planner.check({ ...common, basedOn, variant });
          const a = await planner.plan(
            { ...common, basedOn, variant: variantA },
            half(0, `plan A (${VARIANT_LABELS[variantA.name]})`),
            signal,
          );
          // A cancel is answered at once: plan A goes then, not first when plan B's work has stopped.
          const dropA = () => ctx.store.plans.delete(a.id);
          signal.addEventListener('abort', dropA, { once: true });
          let b: StoredPlan;
          try {
            b = await planner.plan(
              { ...common, basedOn, variant: variantB },
              half(0.5, `plan B (${VARIANT_LABELS[variantB.name]})`),
              signal,
            );
          } catch (err) {
            // Plan A alone is no comparison: it goes, and a change of the day meanwhile is named as such.
            ctx.store.plans.delete(a.id);
            if (err instanceof AppError && err.kind === 'conflict') {
              throw new AppError(
                'conflict',
                `the instance was saved or deleted in another window while it was being compared; nothing was stored: compare again`,
              );
            }
            throw err;
          }
          signal.removeEventListener('abort', dropA);
          ctx.store.plans.pairAsComparison(a.id, b.id);
          return diffPlans({ ...a, comparedWith: b.id }, { ...b, comparedWith: a.id });
        },
        gone,
        // Said also when plan A had finished: it is not kept alone.
        'nothing is stored (a comparison is kept whole or not at all)',
      ),
    'compare:latest': ({ instanceId }: CallRequest<'compare:latest'>): Comparison | null => {
      requireInstance(ctx, instanceId);
      // Newest first: the latest plan Compare made whose other side is still stored (one deleted leaves no comparison).
      const plans = ctx.store.plans.list(instanceId);
      const stored = new Set(plans.map((p) => p.id));
      const latest = plans.find((p) => p.comparedWith !== undefined && stored.has(p.comparedWith));
      if (!latest?.comparedWith) return null;
      const [a, b] = comparisonSide(latest) === 'A' ? [latest.id, latest.comparedWith] : [latest.comparedWith, latest.id];
      // Checked against the day as it is now, as the history opens them: a day changed since says so on each plan.
      return diffPlans(planOnCurrentData(ctx, a).plan, planOnCurrentData(ctx, b).plan);
    },
  };
}

/** The policy both variants are, in words ("tw2, partly soft: alpha 0, beta 0.5, linear penalty"), or null where they differ. */
function samePolicy(a: Variant, b: Variant): string | null {
  const same = a.name === b.name && a.alpha === b.alpha && latenessPrice(a) === latenessPrice(b) && a.penalty === b.penalty;
  if (!same) return null;
  const beta = latenessPrice(a);
  return `${a.name}, ${VARIANT_LABELS[a.name]}: alpha ${a.alpha}${beta === null ? '' : `, beta ${beta}`}, ${a.penalty} penalty`;
}

/** b minus a per KPI, and every customer served late or early, or not served, in either plan. */
export function diffPlans(a: StoredPlan, b: StoredPlan): Comparison {
  const ea = a.evaluation;
  const eb = b.evaluation;
  const stopsA = stopsById(a);
  const stopsB = stopsById(b);
  const ids = [...new Set([...stopsA.keys(), ...stopsB.keys(), ...unservedIds(ea), ...unservedIds(eb)])].sort((x, y) =>
    x.localeCompare(y, undefined, { numeric: true }),
  );
  const customers: CustomerDiff[] = [];
  for (const customerId of ids) {
    const sa = stopsA.get(customerId);
    const sb = stopsB.get(customerId);
    const diff = {
      customerId,
      servedA: sa !== undefined,
      servedB: sb !== undefined,
      lateA: sa?.late ?? 0,
      lateB: sb?.late ?? 0,
      earlyA: sa?.early ?? 0,
      earlyB: sb?.early ?? 0,
    };
    if (!diff.servedA || !diff.servedB || Math.max(diff.lateA, diff.lateB, diff.earlyA, diff.earlyB) > TIME_EPS) customers.push(diff);
  }
  return {
    a,
    b,
    delta: {
      cost: eb.cost - ea.cost,
      vehicles: eb.vehicles - ea.vehicles,
      distance: eb.distance - ea.distance,
      wait: eb.wait - ea.wait,
      early: eb.early - ea.early,
      late: eb.late - ea.late,
    },
    customers,
  };
}

function stopsById(plan: StoredPlan): Map<string, StopSchedule> {
  const map = new Map<string, StopSchedule>();
  for (const route of plan.evaluation.routes) for (const stop of route.stops) map.set(stop.customerId, stop);
  return map;
}
