import type { PlanJob } from '../main/jobs/protocol.js';
import { evaluatePlan } from '../main/vrp/evaluate.js';
import type { Problem } from '../main/vrp/problem.js';
import { leavesOnlyOutOfReach } from '../main/vrp/unserved.js';
import type { Variant } from '../shared/domain.js';
import type { PlanRunner } from './plan-thread.js';

/** A bench row's method and options: a row of the method table with the effort the flags give. */
export type RowOptions = Omit<PlanJob, 'instance' | 'variant'>;

/**
 * A method's row: cost, vehicles and distance are means over its feasible plans only (null where none is), as a plan
 * that breaks a rule or leaves customers out is cheaper for it and would flatter the mean; `infeasible` counts the
 * plans left out. The time is a mean over every plan: each took it.
 */
export interface Row {
  cost: number | null;
  vehicles: number | null;
  distance: number | null;
  seconds: number;
  infeasible: number;
}

/** Where the bench is, for the line a Ctrl-C gets: the row under way, its instance, and the rows printed. */
export interface BenchAt {
  row: string;
  instance: number;
  of: number;
  printed: number;
  /** The untimed plans before the table (warmUp) are under way. */
  warming?: boolean;
}

export async function benchRow(
  plan: PlanRunner,
  at: BenchAt,
  problems: Problem[],
  variant: Variant,
  options: RowOptions,
  modelDir?: string,
): Promise<Row> {
  let seconds = 0;
  const feasible: { cost: number; vehicles: number; distance: number }[] = [];
  for (const [i, problem] of problems.entries()) {
    const job = { ...options, instance: problem.instance, variant, seed: i + 1, modelDir };
    at.instance = i + 1;
    const planned = await plan(job);
    seconds += planned.seconds;
    const e = evaluatePlan(problem, planned.routes, variant);
    // A customer no plan can serve (a window nobody reaches, an order above a vehicle's load) leaves every plan of
    // the day short: such a plan is as good as one serving everyone, and counts.
    if (e.feasible || leavesOnlyOutOfReach(problem, variant, e)) feasible.push(e);
  }
  const mean = (field: 'cost' | 'vehicles' | 'distance') =>
    feasible.length === 0 ? null : feasible.reduce((sum, e) => sum + e[field], 0) / feasible.length;
  return {
    cost: mean('cost'),
    vehicles: mean('vehicles'),
    distance: mean('distance'),
    seconds: seconds / problems.length,
    infeasible: problems.length - feasible.length,
  };
}

/** Untimed plans of the first instance per learned method: the first loads, the second finds what the first started. */
const WARM_UP_PLANS = 2;

/**
 * The one-off work of the learned rows, done before any row is timed: untimed plans of the first instance per learned
 * method and decoding load TensorFlow.js and the model on the plan thread (and, for sampling, start the helper
 * threads, each loading its own) and warm up the JIT. Without it the first learned row's time carried
 * seconds of loading that a later row of the same kind did not (3.79 s against 1.76 s). A local search after the model
 * loads nothing, so its seconds are left out of the warm-up. Returns the seconds it took, or null where no row is
 * learned.
 */
export async function warmUp(
  plan: PlanRunner,
  at: BenchAt,
  rows: RowOptions[],
  problem: Problem,
  variant: Variant,
  modelDir?: string,
): Promise<number | null> {
  const jobs = new Map<string, PlanJob>();
  for (const { improveSec: _search, ...row } of rows) {
    if (row.method !== 'jampr' && row.method !== 'am') continue;
    const key = `${row.method}:${row.decode ?? 'greedy'}`;
    if (!jobs.has(key)) jobs.set(key, { ...row, instance: problem.instance, variant, seed: 1, modelDir });
  }
  if (jobs.size === 0) return null;
  at.warming = true;
  const started = performance.now();
  for (const job of jobs.values()) for (let k = 0; k < WARM_UP_PLANS; k++) await plan(job);
  at.warming = false;
  return (performance.now() - started) / 1000;
}

/** The line above the table that says its times leave the loading out, and what the loading took. */
export const loadNote = (seconds: number): string =>
  `t leaves out loading: TensorFlow.js and the model were loaded and warmed up before the first row by ${WARM_UP_PLANS} untimed plans of the first instance per learned method (loading and warm-up: ${seconds.toFixed(2)} s)`;
