import type { CallRequest, StoredPlan } from '../../shared/api.js';
import type { PlanJson } from '../../shared/domain.js';
import { inputError } from '../../shared/errors.js';
import { evaluatePlan } from '../vrp/evaluate.js';
import { writePlanCsv } from '../vrp/io/csv-write.js';
import { buildProblem } from '../vrp/validate.js';
import type { ServiceContext } from './context.js';
import { requireInstance, safeFileName } from './instances.js';
import type { Planner } from './planning.js';
import { toVariant } from './variant.js';

export function requirePlan(ctx: ServiceContext, id: number): StoredPlan {
  const plan = ctx.store.plans.get(id);
  if (!plan) throw inputError(`there is no plan with id ${id}`);
  return plan;
}

/** Check mode: edited routes are scored and their violations listed, never rejected. */
function check(ctx: ServiceContext, request: CallRequest<'plans:check'>) {
  const { instance } = requireInstance(ctx, request.instanceId);
  const variant = toVariant(request.variant);
  return { variant, evaluation: evaluatePlan(buildProblem(instance), request.routes, variant) };
}

export function planServices(ctx: ServiceContext, planner: Planner) {
  return {
    'plans:create': (request: CallRequest<'plans:create'>) =>
      planner.cancellable((signal) => planner.plan(request, (p) => ctx.emit('plan:progress', p), signal)),
    'plans:cancel': () => ({ cancelled: planner.cancelAll() }),
    'plans:list': ({ instanceId }: { instanceId: number }) => {
      requireInstance(ctx, instanceId);
      return ctx.store.plans.list(instanceId);
    },
    'plans:get': ({ id }: { id: number }) => requirePlan(ctx, id),
    'plans:delete': ({ id }: { id: number }) => ({ deleted: ctx.store.plans.delete(id) }),
    'plans:check': (request: CallRequest<'plans:check'>) => check(ctx, request).evaluation,
    'plans:saveEdited': (request: CallRequest<'plans:saveEdited'>) => {
      // Empty routes are dropped before scoring so violation route numbers match the stored routes.
      const routes = request.routes.filter((r) => r.length > 0);
      const { variant, evaluation } = check(ctx, { ...request, routes });
      return ctx.store.plans.insert({
        instanceId: request.instanceId,
        variant,
        method: 'manual',
        modelName: null,
        routes,
        evaluation,
        seconds: 0,
      });
    },
    'plans:export': ({ id, format }: CallRequest<'plans:export'>) => {
      const plan = requirePlan(ctx, id);
      const { instance } = requireInstance(ctx, plan.instanceId);
      const base = safeFileName(`${instance.name}-${plan.variant.name}-${plan.method}-${plan.id}`);
      if (format === 'csv') return { fileName: `${base}.csv`, text: writePlanCsv(instance, plan.evaluation) };
      const { cost, distance, vehicles, wait, early, late } = plan.evaluation;
      const json: PlanJson = {
        instance: instance.name,
        variant: plan.variant.name,
        method: plan.method,
        routes: plan.routes,
        cost,
        distance,
        vehicles,
        wait,
        early,
        late,
        seconds: plan.seconds,
      };
      return { fileName: `${base}.json`, text: `${JSON.stringify(json, null, 2)}\n` };
    },
  };
}
