import type { DecodeStrategy } from '../../shared/domain.js';
import { inputError } from '../../shared/errors.js';
import { type CutShort, cutShortNote, DEFAULT_RANDOM_SAMPLES, DEFAULT_TIME_LIMIT_SEC, methodLabel } from '../../shared/methods.js';
import { modelSizeRefusal } from '../../shared/model-limits.js';
import { evaluateIndexRoutes, toIdRoutes } from '../vrp/evaluate.js';
import { compileProblem, type Problem } from '../vrp/problem.js';
import { type FleetFit, fitToFleetBy } from '../vrp/solvers/fleet-fit.js';
import { isBetter } from '../vrp/solvers/plan-score.js';
import { solveRandom } from '../vrp/solvers/random.js';
import { carriedPart } from '../vrp/unserved.js';
import { buildProblem } from '../vrp/validate.js';
import { throwIfCancelled } from './cancel.js';
import { runClassicalParallel } from './classical-parallel.js';
import { samplingChunk } from './sampling-chunk.js';
import type { JobContext, PlanJob, PlanResult, Progress } from './protocol.js';
import { messageNumber } from '../../shared/number-text.js';

/** Greedy decoding, and sampling within a chunk, report their progress at most this often. */
const PROGRESS_EVERY_MS = 250;

/** Plans one instance with the requested method. Runs in the ML worker (or in-process for the CLI and tests). */
export async function runPlanJob(job: PlanJob, ctx: JobContext<Progress>): Promise<PlanResult> {
  const started = performance.now();
  const whole = buildProblem(job.instance);
  // An order bigger than a vehicle is left out of what is planned; the evaluator names it with its reason.
  const carried = carriedPart(job.instance);
  if (!carried) return { routes: [], modelName: null, seconds: (performance.now() - started) / 1000 };
  const problem = carried === job.instance ? whole : compileProblem(carried);
  const seed = job.seed ?? 1;
  let routes: number[][];
  let modelName: string | null = null;
  let greedyKept = false;
  /** Where the method has a time limit to keep to the end: the fit to the fleet keeps to it too (and to a cancel). */
  let limit: Clock | undefined;
  /** Where the time limit ended before the method could do its work: what the plan's note says (cutShortNote). */
  let cutShort: CutShort | null = null;
  /** A search's limit and whether it improved the plan as far as it goes, for the note where its fit was hurried. */
  let search: { limitSec: number; done: boolean } | undefined;
  /** A fit to the fleet that its time limit hurried: the search's plan lost more customers than it may have. */
  let hurried: Fitted | undefined;
  /** The clock ended the search's work (classical), so the seed alone does not fix the plan. */
  let searchTimeEnded = false;
  switch (job.method) {
    case 'random': {
      const drawn = drawRandom(problem, job, ctx, started, seed);
      ({ routes, limit, cutShort } = drawn);
      break;
    }
    case 'classical': {
      const limitSec = job.timeLimitSec ?? DEFAULT_TIME_LIMIT_SEC;
      limit = clock(ctx, performance.now(), limitSec);
      const searched = await improve(problem, job, ctx, limitSec, undefined, 'local search');
      routes = searched.routes;
      searchTimeEnded = searched.timeEnded;
      search = { limitSec, done: !searched.cutShort };
      if (searched.cutShort) cutShort = { limitSec };
      break;
    }
    case 'jampr':
    case 'am': {
      const improving = job.improveSec !== undefined && job.improveSec > 0;
      // With a local search after it, the model's plan is the first part of the bar and the search the rest, so the
      // bar never runs back to 0 between them.
      const planned = await planWithStoredModel(problem, job, improving ? share(ctx, 0, MODEL_SHARE) : ctx, job.decode ?? 'greedy');
      modelName = planned.modelName;
      routes = planned.routes;
      greedyKept = planned.greedyKept === true && !improving;
      if (improving) {
        const bar = share(ctx, MODEL_SHARE, 1);
        const limitSec = job.improveSec!;
        limit = clock(ctx, performance.now(), limitSec);
        const improved = await improve(problem, job, bar, limitSec, routes, 'improving the model plan');
        search = { limitSec, done: !improved.cutShort };
        if (improved.cutShort) cutShort = { limitSec };
        const chosen = servingMost(problem, job.variant, [improved.routes, routes], bar, limit);
        routes = chosen.routes;
        if (chosen.hurried) hurried = chosen;
      }
      break;
    }
  }
  throwIfCancelled(ctx.signal);
  // The fleet is what the dispatcher has: a plan never uses more vehicles or breaks a hard rule, it names who is left.
  const fitted = fitInTime(problem, job.variant, routes, ctx, limit);
  routes = fitted.routes;
  if (fitted.hurried) hurried = fitted;
  throwIfCancelled(ctx.signal);
  if (hurried && search) {
    const fleet = { routes: hurried.before, vehicles: problem.vehicles, searched: search.done };
    cutShort = { limitSec: search.limitSec, fleet };
  }
  // The last event says, as the plan does, where the time limit ended the work early (one wording: cutShortNote).
  const label = methodLabel(job.method, job.decode, job.samples, job.improveSec);
  ctx.onProgress({ fraction: 1, message: cutShort ? cutShortNote(label, cutShort) : 'done' });
  const seconds = (performance.now() - started) / 1000;
  return {
    routes: toIdRoutes(problem, routes),
    modelName,
    seconds,
    ...(greedyKept ? { greedyKept } : {}),
    ...(cutShort ? { cutShort } : {}),
    ...(job.maxIterations !== undefined && (searchTimeEnded || fitted.hurried) ? { timeEnded: true as const } : {}),
  };
}

/**
 * The random baseline within the plan's time limit, as the classical solver keeps to it (default the same): samples are
 * drawn until the limit or a cancel, keeping the best so far (at least one). Without it, a day of 1,000 stops for a
 * fleet of 40 held the worker for minutes even for one sample (fitting a plan of some 150 routes to 40), and a cancel
 * could not free it. `limit` says when the time is up, for the fit to the fleet after the draws.
 */
function drawRandom(problem: Problem, job: PlanJob, ctx: JobContext<Progress>, started: number, seed: number) {
  const samples = job.samples ?? DEFAULT_RANDOM_SAMPLES;
  const limitSec = job.timeLimitSec ?? DEFAULT_TIME_LIMIT_SEC;
  const limit = clock(ctx, started, limitSec);
  const { stop } = limit;
  const label = `best of ${samples} random plans`;
  ctx.onProgress({ fraction: 0, message: label });
  let drawn = 0;
  let reported = performance.now();
  const routes = solveRandom(problem, job.variant, {
    samples,
    seed,
    stop,
    onSample: (k) => {
      drawn = k;
      const now = performance.now();
      if (now - reported < PROGRESS_EVERY_MS) return;
      reported = now;
      ctx.onProgress({ fraction: Math.max(k / samples, (now - started) / (limitSec * 1000)), message: `${label}: ${k} drawn` });
    },
  });
  const cutShort: CutShort | null = drawn < samples && !ctx.signal.aborted ? { limitSec, drawn, samples } : null;
  return { routes, limit, cutShort };
}

/** A time limit from `from` on: `stop` once it is over or the plan is cancelled; `used`, the share of it gone. */
interface Clock {
  stop: () => boolean;
  used: () => number;
}

function clock(ctx: JobContext<Progress>, from: number, limitSec: number): Clock {
  const ends = from + limitSec * 1000;
  return {
    stop: () => ctx.signal.aborted || performance.now() >= ends,
    used: () => (limitSec > 0 ? Math.min(1, (performance.now() - from) / (limitSec * 1000)) : 1),
  };
}

/** A plan fitted to the fleet, and how many routes it had before. */
type Fitted = FleetFit & { before: number };

/**
 * The plan fitted to the fleet within the time limit (fleet-fit.ts: once it is over, the routes beyond the fleet go the
 * quick way). Where routes are to go the bar says so: that took 21 s for a 1,000-stop day's 38 routes on 25 vehicles,
 * while the bar stood full at the search's last words.
 */
function fitInTime(problem: Problem, variant: PlanJob['variant'], routes: number[][], ctx: JobContext<Progress>, limit?: Clock): Fitted {
  const before = routes.filter((r) => r.length > 0).length;
  if (before > problem.vehicles) {
    const message = `fitting the plan's ${before} routes to the fleet of ${problem.vehicles} vehicles`;
    ctx.onProgress({ fraction: limit?.used() ?? 1, message });
  }
  return { ...fitToFleetBy(problem, variant, routes, limit?.stop), before };
}

/** The share of the progress bar a model's plan takes when a local search follows it. */
const MODEL_SHARE = 0.2;

/** The job's progress reports mapped onto [from, to] of the whole bar. */
function share(ctx: JobContext<Progress>, from: number, to: number): JobContext<Progress> {
  return { ...ctx, onProgress: (p) => ctx.onProgress({ ...p, fraction: from + (to - from) * p.fraction }) };
}

/**
 * Of plans fitted to the fleet, the one that serves the most customers, then the cheapest (the rule the model's own
 * candidates are chosen by). The local search ranks plans by routes beyond the fleet, then cost: on a day the fleet
 * cannot serve whole, its plan trimmed to the fleet may serve fewer customers than the model's plan it started from.
 */
function servingMost(
  problem: Problem,
  variant: PlanJob['variant'],
  candidates: number[][][],
  ctx: JobContext<Progress>,
  limit: Clock,
): Fitted {
  const scored = candidates.map((routes) => {
    const fitted = fitInTime(problem, variant, routes, ctx, limit);
    return { fitted, evaluation: evaluateIndexRoutes(problem, fitted.routes, variant) };
  });
  return scored.reduce((best, plan) => (isBetter(plan.evaluation, best.evaluation) ? plan : best)).fitted;
}

/**
 * The share of a search's time limit left to fitting its plan to the fleet where the plan still has routes beyond it
 * (fitInTime): the fit keeps to the limit, and chooses the routes to give up with care for as long as it lasts.
 */
const FLEET_FIT_SHARE = 0.25;

/**
 * The classical solver from scratch or from a starting plan, on every core for large instances; progress is
 * the share of its time limit used.
 */
async function improve(
  problem: Problem,
  job: PlanJob,
  ctx: JobContext<Progress>,
  limitSec: number,
  initial: number[][] | undefined,
  label: string,
) {
  ctx.onProgress({ fraction: 0, message: label });
  return runClassicalParallel(problem, job.variant, {
    timeLimitSec: limitSec,
    seed: job.seed ?? 1,
    initial,
    signal: ctx.signal,
    fleetFitShare: FLEET_FIT_SHARE,
    // An iteration limit asks for a plan the seed repeats: one search, as helper searches exchange their plans at
    // moments of the clock, so which plan each continues from depends on how fast each thread ran.
    ...(job.maxIterations !== undefined ? { maxIterations: job.maxIterations, threads: 1 } : {}),
    onProgress: (bestCost, elapsedSec) =>
      ctx.onProgress({ fraction: Math.min(1, elapsedSec / limitSec), message: `${label}: best cost ${bestCost.toFixed(2)}` }),
  });
}

/**
 * What a model's plan reports before it places its first stop: it reads the whole day first (12 s of a 1,000-stop
 * day's greedy plan on two shared cores, measured), where the bar stood at 0 % as if nothing went on.
 */
export function readingTheDay(label: string, stops: number): Progress {
  return { fraction: 0, message: `${label}: reading the day's ${messageNumber(stops)} stops…`, indeterminate: true };
}

/**
 * A greedy plan's progress: the share of stops placed. A second decoding of the day's other views (the first plan left
 * customers out, decode.ts) is counted in words on a bar that shows activity: its share would send the bar back to 0.
 */
export function placingStops(label: string, placed: number, total: number, again = false): Progress {
  const count = `${messageNumber(placed)} of ${messageNumber(total)}`;
  return again
    ? { fraction: 1, message: `${label}: the first plan left customers out, looking again: placing stops, ${count}`, indeterminate: true }
    : { fraction: placed / total, message: `${label}: placing stops, ${count}` };
}

/**
 * The model planner pulls in TensorFlow.js, so it is loaded only when a model plan is asked for. Without a
 * modelDir (the CLI) the planner picks its default model for the method, variant and size.
 */
async function planWithStoredModel(problem: Problem, job: PlanJob, ctx: JobContext<Progress>, decode: DecodeStrategy) {
  const tooLarge = modelSizeRefusal(problem.n);
  if (tooLarge) throw inputError(tooLarge);
  const { selectBackend } = await import('../jampr/backend/backend.js');
  await selectBackend();
  const { planWithModel } = await import('../jampr/planner.js');
  const label = decode === 'greedy' ? 'greedy decoding with the model' : 'sampling with the model';
  ctx.onProgress(readingTheDay(label, problem.n));
  // A greedy plan of hundreds of stops takes tens of seconds: its progress is the share of customers placed.
  let reported = 0;
  let sampled = label;
  let done = 0;
  const onPlaced = (placed: number, total: number, again?: boolean) => {
    const now = performance.now();
    if (now - reported < PROGRESS_EVERY_MS || total === 0) return;
    reported = now;
    ctx.onProgress(placingStops(label, placed, total, again));
  };
  return planWithModel(problem, job.variant, {
    modelDir: job.modelDir,
    method: job.method === 'am' ? 'am' : 'jampr',
    decode,
    onPlaced,
    samples: job.samples,
    // Short chunks on large days: progress moves and a cancel is seen within a chunk's time.
    chunk: samplingChunk(problem.n),
    seed: job.seed,
    signal: ctx.signal,
    // The bar moves with the customers placed (a chunk of a large day takes seconds), the words with whole chunks.
    onShare: (share) => {
      const now = performance.now();
      done = share;
      if (now - reported < PROGRESS_EVERY_MS && share < 1) return;
      reported = now;
      ctx.onProgress({ fraction: share, message: sampled });
    },
    onProgress: (drawn, total, bestCost) => {
      sampled = `${label}: ${drawn} of ${total} plans, best cost ${bestCost.toFixed(2)}`;
      ctx.onProgress({ fraction: done, message: sampled });
    },
  });
}
