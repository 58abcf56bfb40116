import { type CallRequest, EXPORT_ENDINGS, type PlannedPlan, type PlanSummary, type SavedEdit, type StoredPlan } from '../../shared/api.js';
import type { Evaluation, Instance, Routes, RouteSummary, StopSchedule } from '../../shared/domain.js';
import { AppError, inputError } from '../../shared/errors.js';
import { type ChangedSince, changedSincePlanned } from '../../shared/changed-since.js';
import { ADDED_AFTER, brokenCounts, TAKEN_OFF } from '../../shared/not-served.js';
import { outOfDateNote } from '../../shared/route-flags.js';
import { evaluatePlan } from '../vrp/evaluate.js';
import { dialectOfFormat } from '../vrp/io/csv-cells.js';
import { writePlanCsv } from '../vrp/io/csv-write.js';
import { toPlanJson } from '../vrp/io/json.js';
import type { Problem } from '../vrp/problem.js';
import { buildProblem } from '../vrp/validate.js';
import type { ServiceContext } from './context.js';
import { dataFingerprint, UNKNOWN_DATA } from './data-fingerprint.js';
import { heldEvaluation, heldKnowledge } from './held-plans.js';
import { editedRoutes } from './edited-routes.js';
import { knowledgeOf, type PlanKnowledge, withReasonsFrom } from './plan-reasons.js';
import { safeFileName } from './file-names.js';
import type { Progress } from '../jobs/protocol.js';
import type { Planner } from './planning.js';
import { instanceAsShown, namedById, requireInstance, requirePlan, storedPlanUnlessDeleted } from './stored.js';
import type { Caller } from './registry.js';
import { toVariant } from './variant.js';

/**
 * A stored plan checked against its instance as it is now: its instance may have been edited since (a window
 * moved, a stop added or removed, the fleet cut), and a plan shown with the figures it had then would claim rules
 * it now breaks, or give reasons that no longer hold. Where the day changed the plan says so (`dataChanged`).
 */
export function planOnCurrentData(ctx: ServiceContext, id: number): { plan: StoredPlan; instance: Instance } {
  const stored = requirePlan(ctx, id);
  const { instance } = requireInstance(ctx, stored.instanceId);
  return { plan: recheck(ctx, dayNow(instance), stored), instance };
}

/** A day as plans are checked against it: its problem (built once the first plan needs it) and its fingerprint. */
function dayNow(instance: Instance): { problem: () => Problem; fingerprint: string } {
  let problem: Problem | undefined;
  return { problem: () => (problem ??= buildProblem(instance)), fingerprint: dataFingerprint(instance) };
}

/**
 * The stored plan itself while the day gives the planning data it was made on (planning-data.ts: the one rule), else
 * re-scored on today's data and marked `dataChanged`. A plan stored before fingerprints were kept is judged by what it
 * says: its figures and its reasons for the customers it leaves out.
 */
function recheck(ctx: ServiceContext, day: ReturnType<typeof dayNow>, stored: StoredPlan): StoredPlan {
  return recheckMadeOn(day, stored, ctx.store.plans.dataFingerprint(stored.id));
}

/** `recheck`, given the fingerprint of the data the plan was made on (`madeOn`). */
function recheckMadeOn(day: ReturnType<typeof dayNow>, stored: StoredPlan, madeOn: string | null): StoredPlan {
  if (madeOn === day.fingerprint) return stored;
  const now = evaluatePlan(day.problem(), stored.routes, stored.variant);
  if (madeOn === null && sameFigures(now, stored.evaluation) && sameReasons(now, stored.evaluation)) return stored;
  // A plan whose planning data is not known here (a kept plan already out of date on screen) knows no cost "when planned".
  const plannedCost = madeOn === UNKNOWN_DATA ? {} : { plannedCost: stored.evaluation.cost };
  return { ...stored, evaluation: withReasonsFrom(knowledgeOf(stored), now), dataChanged: true, ...plannedCost };
}

/**
 * An instance's plan list with each plan's figures as `planOnCurrentData` gives them: the list and the opened plan
 * never disagree after the instance was edited. A plan made on the day as it is now is listed from its stored figures,
 * without reading its routes and schedule: a day planned a hundred times lists as fast as it opens.
 */
function plansOnCurrentData(ctx: ServiceContext, instanceId: number): PlanSummary[] {
  const { instance } = requireInstance(ctx, instanceId);
  const day = dayNow(instance);
  return ctx.store.plans.listWithFingerprints(instanceId).map(({ summary, dataFingerprint: madeOn }) => {
    if (madeOn === day.fingerprint) return summary;
    const stored = ctx.store.plans.get(summary.id);
    const plan = stored && recheckMadeOn(day, stored, madeOn);
    if (!plan?.dataChanged) return summary;
    const { cost, vehicles, distance, late, feasible } = plan.evaluation;
    const changed = { dataChanged: true, plannedCost: summary.cost };
    return { ...summary, cost, vehicles, distance, late, feasible, ...brokenCounts(plan.evaluation), ...changed };
  });
}

/**
 * Equal up to float noise in every figure, the routes' too (each stop's times and the load on board: a demand edited
 * where the cost does not see it still changes what the driver sheet tells a driver to load), with the same
 * violations (by kind, route and customer).
 */
function sameFigures(a: Evaluation, b: Evaluation): boolean {
  const close = (x: number, y: number) => Math.abs(x - y) <= 1e-6 * Math.max(1, Math.abs(x), Math.abs(y));
  const figures = ['cost', 'distance', 'wait', 'early', 'late', 'vehicles'] as const;
  const key = (e: Evaluation) => JSON.stringify(e.violations.map((v) => [v.kind, v.route, v.customerId]));
  const sameStop = (x: StopSchedule, y: StopSchedule) =>
    x.customerId === y.customerId && (['arrival', 'start', 'departure', 'load'] as const).every((f) => close(x[f], y[f]));
  const sameRoute = (x: RouteSummary, y: RouteSummary) =>
    close(x.load, y.load) &&
    close(x.returnTime, y.returnTime) &&
    x.stops.length === y.stops.length &&
    x.stops.every((s, i) => sameStop(s, y.stops[i]));
  return (
    a.feasible === b.feasible &&
    figures.every((f) => close(a[f], b[f])) &&
    key(a) === key(b) &&
    a.routes.length === b.routes.length &&
    a.routes.every((r, i) => sameRoute(r, b.routes[i]))
  );
}

/**
 * The evaluator gives today the reason `stored` gave for each customer it leaves out (where the reason was its own,
 * not a hand edit's): a window widened for a customer left out as out of reach moves no figure, but the reason.
 */
function sameReasons(now: Evaluation, stored: Evaluation): boolean {
  const reasonNow = new Map(now.violations.filter((v) => v.kind === 'unserved').map((v) => [v.customerId, v.message]));
  return stored.violations.every(
    (v) =>
      v.kind !== 'unserved' ||
      v.message.endsWith(TAKEN_OFF) ||
      v.message.endsWith(ADDED_AFTER) ||
      reasonNow.get(v.customerId) === v.message,
  );
}

/**
 * The stored plan hand-edited routes say they are edits of (`fromPlan`), which must be a plan of their instance; null
 * where there is none, or it was deleted elsewhere since: the edits are the dispatcher's work all the same, checked,
 * kept and exported as routes of their (still stored) day.
 */
function editedPlan(ctx: ServiceContext, instance: Instance, request: { instanceId: number; fromPlan?: number }): StoredPlan | null {
  const from = request.fromPlan === undefined ? null : storedPlanUnlessDeleted(ctx, request.fromPlan);
  if (from && from.instanceId !== request.instanceId) {
    const theirs = requireInstance(ctx, from.instanceId).instance.name;
    throw inputError(
      `plan ${from.id} is a plan of “${theirs}”, not of “${instance.name}”: fromPlan names the plan of this instance that the routes are edits of`,
    );
  }
  return from;
}

/** Check mode: edited routes are scored and their violations listed, never rejected. */
const check = (ctx: ServiceContext, request: CallRequest<'plans:check'>) =>
  checkOn(ctx, requireInstance(ctx, request.instanceId).instance, request);

/**
 * As `check`, on the day given (a day deleted elsewhere, as the window holds it, is scored on that). `held`: what the
 * plan the edits were made on says, as the window holds it, where that plan was deleted since.
 */
function checkOn(ctx: ServiceContext, instance: Instance, request: CallRequest<'plans:check'>, held?: PlanKnowledge) {
  // Hand edits of a stored plan say, as the plan itself does, which customers it never knew, and which they took off:
  // a plan of another day knows other customers, and an edit saved from it would name that day's plan as its origin.
  const from = editedPlan(ctx, instance, request);
  const variant = toVariant(request.variant);
  const evaluation = evaluatePlan(buildProblem(instance), request.routes, variant);
  const knowledge = from ? knowledgeOf(from) : held;
  return { variant, evaluation: knowledge ? withReasonsFrom(knowledge, evaluation) : evaluation };
}

export function planServices(ctx: ServiceContext, planner: Planner) {
  return {
    'plans:create': (request: CallRequest<'plans:create'>, { gone }: Caller): Promise<PlannedPlan> =>
      planner.cancellable(
        request.jobId,
        async (signal) => {
          const progress = (p: Progress) => ctx.emit('plan:progress', { ...p, jobId: request.jobId });
          const plan = await planner.plan(request, progress, signal, { keepOnCopy: true });
          // Saved elsewhere while it was planned (a fleet cut, a window moved): the plan says what it breaks now.
          const stored = planOnCurrentData(ctx, plan.id).plan;
          return plan.dayDeleted ? { ...stored, dayDeleted: plan.dayDeleted } : stored;
        },
        gone,
      ),
    'plans:cancel': ({ jobId }: CallRequest<'plans:cancel'>) => ({ cancelled: planner.cancel(jobId) }),
    'plans:list': ({ instanceId }: { instanceId: number }) => plansOnCurrentData(ctx, instanceId),
    'plans:get': ({ id }: { id: number }) => planOnCurrentData(ctx, id).plan,
    'plans:delete': ({ id }: { id: number }) => {
      const deleted = ctx.store.plans.delete(id);
      // As instances:delete: one deleted since is gone as asked (`deleted: false`); an id no plan ever had is refused.
      if (!deleted && !ctx.store.plans.everStored(id))
        throw inputError(`there is no plan with id ${id}, and there never was: nothing was deleted`);
      return { deleted };
    },
    'plans:check': (request: CallRequest<'plans:check'>) => check(ctx, request).evaluation,
    'plans:saveEdited': (request: CallRequest<'plans:saveEdited'>): SavedEdit => {
      // Its day deleted elsewhere, the edits have nowhere to be kept: a conflict, so the editor can offer a copy. Saved
      // elsewhere since the version they were made on, they would be kept scored on data the dispatcher never saw.
      const { instance } = instanceAsShown(ctx, request, {
        nothingDone: 'the edited plan was not saved',
        toDo: 'edit its plan on what is stored',
      });
      refuseVisitsTwice(request.routes, 'the edited plan');
      const from = editedPlan(ctx, instance, request);
      const routes = editedRoutes(instance, request.routes, from);
      // Edits of a plan of another day (kept with their day as a new day): the plan as the window holds it says which
      // customers they took off by hand, as a stored plan of this day would (checkOn).
      const held = request.held && heldKnowledge(request.held, 'the edited plan was not saved');
      const { variant, evaluation } = checkOn(ctx, instance, { ...request, routes }, held);
      const saved = ctx.store.plans.insert({
        instanceId: request.instanceId,
        variant,
        method: 'manual',
        modelName: null,
        routes,
        evaluation,
        seconds: 0,
        ...(request.fromPlan === undefined ? {} : { editedFrom: request.fromPlan }),
        // Scored on the day as stored now: current until that day changes.
        dataFingerprint: dataFingerprint(instance),
      });
      if (request.fromPlan === undefined || from) return saved;
      const sourceDeleted = `plan ${request.fromPlan}, which these edits were made on, was deleted elsewhere since: the edits are kept as a new hand-edited plan of “${instance.name}”`;
      return { ...saved, sourceDeleted };
    },
    'plans:export': (request: CallRequest<'plans:export'>) =>
      request.routes ? exportEdited(ctx, request, request.routes) : exportStored(ctx, request),
  };
}

/** Routes that visit a customer twice are refused: no plan does, and its figures would count the stop twice. */
export function refuseVisitsTwice(routes: Routes, what: string): void {
  const twice = routes.flat().filter((id, i, all) => all.indexOf(id) !== i);
  if (twice.length > 0) throw inputError(`${what} visits ${[...new Set(twice)].join(', ')} more than once`);
}

type ExportRequest = CallRequest<'plans:export'>;
type ExportedPlan = Pick<StoredPlan, 'variant' | 'method' | 'modelName' | 'routes' | 'seconds' | 'greedyKept' | 'cutShort'>;

type HeldPlanAndDay = NonNullable<ExportRequest['held']>;

/**
 * A stored plan as a file, scored on today's data as plans:get shows it. Deleted elsewhere since (alone or with its
 * day), it is made from the plan and day the window holds (`held`), as the driver sheets are printed from them: the
 * dispatcher still has it on screen, and the file is how it reaches the drivers.
 */
function exportStored(ctx: ServiceContext, request: ExportRequest) {
  const { id, format, dayUnsaved, held } = request;
  if (held && storedPlanUnlessDeleted(ctx, id) === null) return exportHeld(request, held);
  const { plan, instance } = planOnCurrentData(ctx, id);
  const name = `${instance.name}-${plan.variant.name}-${plan.method}-${plan.id}`;
  const changed = changedSincePlanned(instance, plan, plan.routes, dayUnsaved === true);
  return planFile(instance, plan, plan.evaluation, format, name, changed);
}

/**
 * Hand edits not saved yet, exported as they are on screen, scored on today's data like the editor's check, and named
 * as a saved edit would be: no solver made those routes. Their plan deleted elsewhere since, they are exported from the
 * routes sent, on the day and policy the request names (`instanceId`, `variant`), as a save keeps them.
 */
function exportEdited(ctx: ServiceContext, { id, format, instanceId, variant, dayUnsaved, held }: ExportRequest, sent: Routes) {
  const from = storedPlanUnlessDeleted(ctx, id);
  const dayId = instanceId ?? from?.instanceId;
  const shownVariant = variant ?? from?.variant;
  if (dayId === undefined || shownVariant === undefined) {
    const missing = namedById('plan', id);
    throw new AppError(
      'conflict',
      `${missing.words} was deleted elsewhere after it was opened here; send its edited routes with instanceId and variant to export them; nothing was exported`,
      [],
      { missing },
    );
  }
  const instance = dayOrHeld(ctx, dayId, held);
  // Edits of a plan made before the day changed are as out of date as the plan itself, as the plan panel and the
  // driver sheets tell them (changedSincePlanned, of the routes shown).
  const dataChanged = from ? recheck(ctx, dayNow(instance), from).dataChanged : held?.plan.dataChanged;
  const changed = changedSincePlanned(instance, { dataChanged }, sent, dayUnsaved === true);
  const edited = { instanceId: dayId, variant: shownVariant, fromPlan: id };
  const routes = editedRoutes(instance, sent, editedPlan(ctx, instance, edited));
  // The plan deleted since, the window's copy says which customers it took off by hand and which it never knew.
  const heldFrom = !from && held ? heldKnowledge(held.plan, 'nothing was exported') : undefined;
  const { variant: scoredUnder, evaluation } = checkOn(ctx, instance, { ...edited, routes }, heldFrom);
  const plan = { variant: scoredUnder, method: 'manual', modelName: null, routes, seconds: 0 };
  const name = `${instance.name}-${scoredUnder.name}-${from?.method ?? 'manual'}-${id}-edited`;
  return planFile(instance, plan, evaluation, format, name, changed);
}

/** The day `dayId` as stored; deleted elsewhere since, as the window holds it (`held`); else refused by the one rule. */
function dayOrHeld(ctx: ServiceContext, dayId: number, held: HeldPlanAndDay | undefined): Instance {
  if (held && !ctx.store.instances.get(dayId) && ctx.store.instances.everStored(dayId)) return held.day;
  return requireInstance(ctx, dayId, '; nothing was exported').instance;
}

/**
 * A plan deleted elsewhere, as the window holds it: its figures made again on the day it holds it with, as Check does,
 * with the reasons of its own it gives for the customers it leaves out (taken off by hand, added after it was made).
 */
function exportHeld({ id, format, dayUnsaved }: ExportRequest, { plan, day }: HeldPlanAndDay) {
  const variant = toVariant(plan.variant);
  const evaluation = heldEvaluation(plan, day, variant, 'nothing was exported');
  const changed = changedSincePlanned(day, plan, plan.routes, dayUnsaved === true);
  return planFile(day, { ...plan, variant }, evaluation, format, `${day.name}-${variant.name}-${plan.method}-${id}`, changed);
}

/**
 * `changed`: the day changed after the plan was made (saved, or on screen and not saved yet): the CSV says so on its
 * routes and the JSON in `outOfDate`, in the driver sheets' words.
 */
function planFile(
  instance: Instance,
  plan: ExportedPlan,
  evaluation: Evaluation,
  format: ExportRequest['format'],
  name: string,
  changed: ChangedSince | null,
) {
  const base = safeFileName(name);
  const unsaved = changed?.kind === 'unsaved';
  if (format !== 'json') {
    const csvOptions = { outOfDate: changed !== null, unsaved, dialect: dialectOfFormat(format) };
    return { fileName: `${base}${EXPORT_ENDINGS[format]}`, text: writePlanCsv(instance, evaluation, plan.variant.name, csvOptions) };
  }
  const outOfDate = changed ? { outOfDate: outOfDateNote(unsaved) } : {};
  const json = toPlanJson(instance, { ...plan, model: plan.modelName }, evaluation, outOfDate);
  return { fileName: `${base}${EXPORT_ENDINGS.json}`, text: `${JSON.stringify(json, null, 2)}\n` };
}
