import type { Variant } from '../../../shared/domain.js';
import { evaluateIndexRoutes } from '../evaluate.js';
import type { Problem } from '../problem.js';
import { createRng, type Rng } from '../rng.js';
import { fleetExcess, isBetterPlan, type PlanScore } from './plan-score.js';
import { insertCustomers, type InsertionOptions } from './search/construction.js';
import { makeCostModel } from './search/cost-model.js';
import { guidedLocalSearch } from './search/gls.js';
import { LocalSearch } from './search/local-search.js';
import { MoveContext } from './search/move-context.js';
import { buildNeighbours, type Neighbours } from './search/neighbours.js';
import { repairPlan } from './search/repair.js';
import { PACKING_STEPS_PER_STOP, packIntoFleet } from './search/pack-fleet.js';
import { RouteState } from './search/route-state.js';
import type { SharedBest } from './shared-best.js';

export interface ClassicalOptions {
  timeLimitSec: number;
  seed: number;
  /** A plan to improve (index routes); the result is never worse. Broken plans are repaired first. */
  initial?: number[][];
  signal?: AbortSignal;
  /** Called when the best plan improves (at most every PROGRESS_EVERY_MS) and once at the end. */
  onProgress?: (bestCost: number, elapsedSec: number) => void;
  /**
   * Penalty rounds at most: with it, a run the time limit does not end (`timeEnded` false) is reproducible on any
   * machine, the same seed giving the same plan.
   */
  maxIterations?: number;
  /** Granular neighbourhood size. */
  neighbours?: number;
  /** GLS penalty weight relative to the average arc cost of the first local optimum. */
  lambdaFactor?: number;
  /**
   * A board shared with searches in other threads: every exchange period this search offers its best plan
   * and, when another search's is better, continues from that one (keeping its own GLS penalties).
   */
  shared?: SharedBest;
  /**
   * Where the best plan still has routes beyond the fleet, the search ends this share of its time limit early: the
   * caller fits the plan to the fleet (fleet-fit.ts) in the time left, so that the plan comes back within the limit.
   * Trying which routes to give up took 21 s for a 1,000-stop day's 38 routes on 25 vehicles, after a 1 s search.
   */
  fleetFitShare?: number;
}

export interface ClassicalResult {
  routes: number[][];
  /** The evaluator's cost of `routes`. */
  cost: number;
  /**
   * Routes of the result beyond the fleet size K: 0 unless the construction could not fit every customer
   * into K routes without breaking a hard rule (or the given plan already used more).
   */
  overFleet: number;
  iterations: number;
  moves: number;
  seconds: number;
  /**
   * The time limit (not a cancel) ended before the local search had taken the starting plan (the construction's, or
   * the one given) to its first local optimum: the plan is little better than that start, and far from what the
   * solver finds with more time (a generated 1,000-stop day under tw2 here: cost 831,779 in 3 s, 20,974 in 10 s).
   */
  cutShort: boolean;
  /**
   * The clock ended some of the work (the construction, the packing into the fleet, the search), not the iteration
   * limit, a cancel or the search running out of moves: another run of the same seed may have got further.
   */
  timeEnded: boolean;
}

const DEFAULT_NEIGHBOURS = 25;
const DEFAULT_LAMBDA_FACTOR = 0.15;
const PROGRESS_EVERY_MS = 250;
/** The packing into the fleet may use up to this share of the time limit. */
const PACKING_SHARE = 0.5;
/** Searches sharing a board exchange plans this often: an eighth of the time limit, within 1-15 s. */
const exchangePeriodMs = (timeLimitSec: number) => 1000 * Math.min(15, Math.max(1, timeLimitSec / 8));

const CONSTRUCTIONS: InsertionOptions[] = [
  { regret: 2, noise: 0 },
  { regret: 1, noise: 0 },
  { regret: 2, noise: 0.5 },
  { regret: 2, noise: 1 },
];

/**
 * The classical solver: insertion construction (or the given plan, repaired), then local search with
 * relocate, or-opt, exchange, 2-opt*, 2-opt, escaped by guided local search until the time limit.
 * Minimises the variant's true cost; hard rules (capacity; tw1 windows and horizon) hold throughout.
 */
export function solveClassical(problem: Problem, variant: Variant, options: ClassicalOptions): number[][] {
  return runClassical(problem, variant, options).routes;
}

export function runClassical(problem: Problem, variant: Variant, options: ClassicalOptions): ClassicalResult {
  if (!(options.timeLimitSec >= 0)) throw new RangeError(`timeLimitSec must be >= 0, got ${options.timeLimitSec}`);
  const started = performance.now();
  const limitMs = Math.max(0, options.timeLimitSec) * 1000;
  const deadline = started + limitMs;
  const fitFrom = deadline - (options.fleetFitShare ?? 0) * limitMs;
  const shared = options.shared;
  // The best plan so far and its score; until the construction has one, nothing says it is over the fleet.
  let best: number[][] = [];
  let bestScore: PlanScore = { excess: 0, cost: Infinity };
  const ends = () => (bestScore.excess > 0 ? fitFrom : deadline);
  let timeEnded = false;
  /** Whether the clock has reached `end`, noting that it ended some work (timeEnded). */
  const clockAt = (end: number) => {
    if (performance.now() < end) return false;
    timeEnded = true;
    return true;
  };
  const stop = () => options.signal?.aborted === true || clockAt(ends()) || shared?.stopRequested() === true;
  const elapsed = () => (performance.now() - started) / 1000;
  const rng = createRng(options.seed);
  const model = makeCostModel(variant);
  const state = new RouteState(problem, model, new Float64Array((problem.n + 1) ** 2));
  const ctx = new MoveContext(state, problem.vehicles);

  const neighbours = buildNeighbours(problem, options.neighbours ?? DEFAULT_NEIGHBOURS);
  if (options.initial) startFromPlan(ctx, neighbours, options.initial, rng);
  else startFromConstruction(ctx, neighbours, rng, stop);
  const packingEnds = started + PACKING_SHARE * limitMs;
  packWhenOverFleet(ctx, rng, () => stop() || clockAt(packingEnds));

  best = state.snapshot();
  bestScore = { excess: fleetExcess(problem, best), cost: state.trueCost() };
  let lastReport = -Infinity;
  const report = (force: boolean) => {
    const now = performance.now();
    if (!options.onProgress || (!force && now - lastReport < PROGRESS_EVERY_MS)) return;
    lastReport = now;
    options.onProgress(bestScore.cost, elapsed());
  };

  const ls = new LocalSearch(ctx, neighbours);
  ls.onMove = () => {
    const score = { excess: Math.max(0, state.usedRoutes() - problem.vehicles), cost: state.trueCost() };
    if (!isBetterPlan(score, bestScore)) return;
    best = state.snapshot();
    bestScore = score;
    report(false);
  };
  ls.activateAll(rng);
  const descended = ls.run(stop);
  const maxIterations = options.maxIterations ?? Infinity;
  const lambdaFactor = options.lambdaFactor ?? DEFAULT_LAMBDA_FACTOR;
  let iterations = 0;
  if (!shared) iterations = guidedLocalSearch(ctx, ls, { stop, maxIterations, lambdaFactor });
  while (shared && !stop() && iterations < maxIterations) {
    const periodEnd = performance.now() + exchangePeriodMs(options.timeLimitSec);
    const rounds = guidedLocalSearch(ctx, ls, {
      stop: () => stop() || performance.now() >= periodEnd,
      maxIterations: maxIterations - iterations,
      lambdaFactor,
    });
    iterations += rounds;
    shared.offer(best, bestScore);
    const other = shared.take();
    if (other && isBetterPlan(other.score, bestScore)) {
      state.load(other.routes);
      best = state.snapshot();
      bestScore = { excess: fleetExcess(problem, best), cost: state.trueCost() };
      ls.activateAll(rng);
      ls.run(stop);
    } else if (rounds === 0 && !stop()) break; // nothing left to penalise: the plan is empty or free
  }
  shared?.offer(best, bestScore);

  let routes = best;
  let cost = evaluateIndexRoutes(problem, routes, variant).cost;
  if (options.initial) {
    // Safety net for "never worse": compare with the untouched starting plan by the evaluator itself.
    const start = evaluateIndexRoutes(problem, options.initial, variant);
    const startScore = { excess: Math.max(0, start.vehicles - problem.vehicles), cost: start.cost };
    if (isAcceptable(start) && !isBetterPlan({ excess: fleetExcess(problem, routes), cost }, startScore)) {
      routes = options.initial.filter((r) => r.length > 0).map((r) => [...r]);
      cost = start.cost;
    }
  }
  bestScore = { excess: fleetExcess(problem, routes), cost };
  report(true);
  const cutShort = !descended && options.signal?.aborted !== true;
  return { routes, cost, overFleet: bestScore.excess, iterations, moves: ls.movesApplied, seconds: elapsed(), cutShort, timeEnded };
}

/**
 * Where the start uses routes beyond the fleet although the day may fit it (the free room split over routes in
 * pieces too small for an order), the packing tries to empty them (pack-fleet.ts) before the local search,
 * which keeps every route within capacity and so cannot gather those pieces itself.
 */
function packWhenOverFleet(ctx: MoveContext, rng: Rng, stop: () => boolean): void {
  const s = ctx.state;
  const start = s.snapshot();
  const excess = fleetExcess(s.problem, start);
  if (excess === 0) return;
  const packed = packIntoFleet(s.problem, s.model, start, { rng, stop, maxSteps: PACKING_STEPS_PER_STOP * s.problem.n });
  const plan = packed && [...packed.routes, ...packed.apart.map((u) => [u])];
  if (plan && fleetExcess(s.problem, plan) < excess) s.load(plan);
}

/** A starting plan the result may fall back to: complete, no repeats, no broken hard rule (the fleet aside). */
function isAcceptable(evaluation: ReturnType<typeof evaluateIndexRoutes>): boolean {
  return evaluation.violations.every((v) => v.kind === 'fleet');
}

function startFromPlan(ctx: MoveContext, neighbours: Neighbours, initial: number[][], rng: Rng): void {
  const { routes, pending } = repairPlan(ctx.state.problem, ctx.state.model, initial);
  ctx.state.load(routes);
  insertCustomers(ctx, neighbours, pending, rng, CONSTRUCTIONS[0]);
}

/**
 * Runs the construction variants and keeps the best plan (fewest routes over the fleet, then cost). The
 * first always yields a complete plan: when the time limit strikes inside it, it completes cheaply.
 */
function startFromConstruction(ctx: MoveContext, neighbours: Neighbours, rng: Rng, stop: () => boolean): void {
  const s = ctx.state;
  const all = Array.from({ length: s.problem.n }, (_, k) => k + 1);
  let best: number[][] = [];
  let bestScore: PlanScore | null = null;
  for (const options of CONSTRUCTIONS) {
    s.load([]);
    const score = { excess: insertCustomers(ctx, neighbours, all, rng, options, stop), cost: s.trueCost() };
    if (bestScore === null || isBetterPlan(score, bestScore)) {
      best = s.snapshot();
      bestScore = score;
    }
    if (stop()) break;
  }
  s.load(best);
}
