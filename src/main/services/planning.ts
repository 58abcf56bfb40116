import type { PlannedPlan, PlanRequest, StoredInstance } from '../../shared/api.js';
import { copyName } from '../../shared/copy-name.js';
import { AppError, inputError } from '../../shared/errors.js';
import { DEFAULT_SAMPLES, decodeFor, methodLabel, requestEffort, unreadFields } from '../../shared/methods.js';
import { modelSizeRefusal } from '../../shared/model-limits.js';
import type { JobType, Progress } from '../jobs/protocol.js';
import { evaluatePlan } from '../vrp/evaluate.js';
import { carriedPart } from '../vrp/unserved.js';
import { buildProblem } from '../vrp/validate.js';
import type { ServiceContext } from './context.js';
import { dataFingerprint } from './data-fingerprint.js';
import { instanceAsShown } from './stored.js';
import { modelForDay } from './models.js';
import { toVariant } from './variant.js';

/**
 * Plans and comparisons that may wait for the worker at once; beyond this a request is answered 'busy' at once
 * instead of queueing without end (each waiting plan holds its instance in memory).
 */
export const MAX_PLANS_IN_FLIGHT = 32;

/**
 * Plans one stored instance in the worker, prices the result with THE evaluator and stores it. Plans and
 * comparisons in progress share one set of abort controllers, by the caller's job id where it gave one, so
 * `plans:cancel` stops one run or every one.
 */
export function createPlanner(ctx: ServiceContext) {
  const inProgress = new Map<AbortController, string | undefined>();
  /** Set once the server stops: the runs in progress end with it, and a run asked for after it is refused. */
  let stopping: AppError | null = null;

  /**
   * What a plan request is refused for before any work (a field its method does not read, a version of the instance
   * changed since, a broken rule, a model that does not fit), and what planning it needs.
   */
  function prepare(request: PlanRequest) {
    const unread = unreadFields(request.method, request);
    if (unread.length > 0) {
      throw inputError(
        `the ${request.method} method does not read ${unread.map(({ field, readBy }) => `${field} (read by ${readBy.join(', ')})`).join('; ')}`,
      );
    }
    // The learned methods' decoding by the CLI's rule: a sample count alone samples; with greedy it is refused.
    const learnedDecode = request.method === 'jampr' || request.method === 'am' ? decodeFor(request.decode, request.samples) : undefined;
    const { instance } = instanceToPlan(ctx, request);
    const variant = toVariant(request.variant);
    // Validate in main first: a bad instance is reported without a trip to the worker.
    const problem = buildProblem(instance);
    const asked = request.method;
    const learned = asked === 'jampr' || asked === 'am';
    // The customers the model plans, as the plan job gives it the day: orders bigger than a vehicle are left out.
    const planned = carriedPart(instance)?.customers.length ?? 0;
    const tooLarge = learned ? modelSizeRefusal(planned) : null;
    if (tooLarge) throw inputError(tooLarge);
    const model = learned ? modelForDay(ctx, asked, variant.name, instance, request.modelId) : null;
    return { learnedDecode, instance, variant, problem, model };
  }

  /**
   * `keepOnCopy`: where the day was deleted elsewhere while it was planned, the plan is stored with a copy of the day
   * as planned, and says so (plans:create: the dispatcher waited for it); else it is refused (a comparison stores both
   * of its plans on one day, or neither).
   */
  async function plan(
    request: PlanRequest,
    onProgress: (p: Progress) => void,
    signal?: AbortSignal,
    { keepOnCopy = false } = {},
  ): Promise<PlannedPlan> {
    const { learnedDecode, instance, variant, problem, model } = prepare(request);
    const waitingFor = waitingNotice(ctx.jobs.inFlight());
    if (waitingFor) onProgress({ fraction: 0, message: waitingFor });
    const result = await ctx.jobs.run(
      'plan',
      {
        instance,
        variant,
        method: request.method,
        decode: learnedDecode,
        samples: request.samples,
        improveSec: request.improveSec,
        timeLimitSec: request.timeLimitSec,
        seed: request.seed,
        modelDir: model?.folder,
      },
      { signal, onProgress },
    );
    // A plan that finished just as it was cancelled is not stored: the dispatcher was told it was cancelled.
    if (signal?.aborted) throw new AppError('cancelled', 'cancelled');
    const evaluation = evaluatePlan(problem, result.routes, variant);
    // Named with its decoding, as the CLI names it: "jampr-greedy", "jampr-sample1280", "jampr-greedy+ls".
    const method = model
      ? methodLabel(request.method, learnedDecode, request.samples ?? DEFAULT_SAMPLES, request.improveSec)
      : request.method;
    const effort = requestEffort(method, request);
    const insert = (instanceId: number) =>
      ctx.store.plans.insert({
        instanceId,
        variant,
        method,
        modelName: model ? (result.modelName ?? model.name) : null,
        routes: result.routes,
        evaluation,
        seconds: result.seconds,
        ...(effort === undefined ? {} : { effort }),
        ...(result.greedyKept ? { greedyKept: true as const } : {}),
        ...(result.cutShort ? { cutShort: true as const } : {}),
        // The version planned: one saved while it was planned leaves this plan out of date at once.
        dataFingerprint: dataFingerprint(instance),
      });
    const onCopy = (): PlannedPlan => {
      if (!keepOnCopy) throw deletedWhilePlanning(instance.name);
      const copy = ctx.store.instances.insert({ ...instance, name: copyName(instance.name) }, null);
      const dayDeleted = `“${instance.name}” was deleted in another window while it was being planned: the plan is kept with a copy of the day as it was planned, “${copy.instance.name}”`;
      return { ...insert(copy.id), dayDeleted };
    };
    if (!ctx.store.instances.get(request.instanceId)) return onCopy();
    try {
      return insert(request.instanceId);
    } catch (err) {
      // Deleted in the moment between the check above and the insert: its plans went with it.
      if ((err as { code?: string }).code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return onCopy();
      throw err;
    }
  }

  /**
   * Runs `work` cancellably (`cancel` aborts its signal, and so does its caller going away: nobody is left to
   * show the plan, and the worker is free for the next one), unless too many already wait.
   */
  async function cancellable<T>(
    jobId: string | undefined,
    work: (signal: AbortSignal) => Promise<T>,
    gone?: AbortSignal,
    cancelMessage = 'cancelled',
  ): Promise<T> {
    if (stopping) throw stopping;
    if (gone?.aborted) throw new AppError('cancelled', 'the window or tab that asked for it was closed');
    if (inProgress.size >= MAX_PLANS_IN_FLIGHT) {
      throw new AppError('busy', `${inProgress.size} plans are already running or waiting: wait for them or cancel them`);
    }
    const controller = new AbortController();
    const abandon = () => controller.abort();
    gone?.addEventListener('abort', abandon, { once: true });
    inProgress.set(controller, jobId);
    const running = work(controller.signal).finally(() => {
      inProgress.delete(controller);
      gone?.removeEventListener('abort', abandon);
    });
    // A cancel is answered at once: the worker stops at its next check (between sampling chunks, local search
    // iterations) and whatever it still returns is dropped; it counts as in flight until then.
    // Aborted with an AppError (the server stopping), the run answers with it: nobody cancelled it.
    const cancelled = new Promise<never>((_, reject) =>
      controller.signal.addEventListener(
        'abort',
        () => reject(controller.signal.reason instanceof AppError ? controller.signal.reason : new AppError('cancelled', cancelMessage)),
        { once: true },
      ),
    );
    running.catch(() => undefined);
    return Promise.race([running, cancelled]);
  }

  /** Cancels the run with that job id, or every run; true when one was running. */
  function cancel(jobId?: string): boolean {
    let any = false;
    for (const [controller, id] of inProgress) {
      if (jobId !== undefined && id !== jobId) continue;
      controller.abort();
      any = true;
    }
    return any;
  }
  /**
   * The server is stopping: every run in progress ends, answered 'unavailable' rather than 'cancelled' (the caller did
   * not cancel it and may send it again once the server runs again), and so is any run asked for from now on.
   */
  function stop(): void {
    stopping = new AppError(
      'unavailable',
      'the server is stopping: this request was stopped before it finished and nothing was stored; send it again once the server runs again',
    );
    for (const controller of inProgress.keys()) controller.abort(stopping);
  }
  /** Throws what the request would be refused for before any work; plans nothing (a comparison checks both sides first). */
  const check = (request: PlanRequest): void => void prepare(request);
  return { plan, check, cancellable, cancel, stop };
}

export type Planner = ReturnType<typeof createPlanner>;

/** The stored instance to plan, refused where it is not the version the caller shows (`basedOn`). */
const instanceToPlan = (ctx: ServiceContext, request: PlanRequest): StoredInstance =>
  instanceAsShown(ctx, request, { nothingDone: 'nothing was planned', toDo: 'plan what is stored' });

/**
 * What a plan sent to a busy worker waits for, in words; the worker's first report of the plan replaces it. Jobs
 * run one at a time there (a training run lets plans in between its steps, so a plan behind one starts soon).
 */
function waitingNotice(ahead: JobType[]): string | null {
  const plans = ahead.filter((job) => job === 'plan').length;
  if (plans > 0) return `waiting for ${plans === 1 ? 'another plan' : `${plans} other plans`} to finish first`;
  if (ahead.includes('train')) return 'waiting for a pause in the training run';
  return null;
}

const deletedWhilePlanning = (name: string) =>
  new AppError('conflict', `“${name}” was deleted in another window while it was being planned; the plan was not stored`);
