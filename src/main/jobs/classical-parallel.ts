import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Variant } from '../../shared/domain.js';
import type { Problem } from '../vrp/problem.js';
import { type ClassicalOptions, type ClassicalResult, runClassical } from '../vrp/solvers/classical.js';
import { isBetterPlan } from '../vrp/solvers/plan-score.js';
import { SharedBest } from '../vrp/solvers/shared-best.js';
import type { HelperInput } from './classical-helper.js';

export interface ParallelClassicalOptions extends ClassicalOptions {
  /** Searches side by side, one per thread (default: one per core). 1 = this thread only. */
  threads?: number;
}

export interface ParallelClassicalResult extends ClassicalResult {
  /** Searches that ran to the end and returned a plan (this thread's included). */
  searches: number;
}

/**
 * Below these a second thread does not pay for its start-up (about a second to load the solver in a fresh
 * thread) and small instances are already solved well by one search.
 */
const MIN_CUSTOMERS = 100;
const MIN_SECONDS = 3;

/**
 * The classical solver on several cores: independent searches (different seeds) in this thread and in helper
 * worker threads, exchanging their best plans through a SharedBest board. Returns the best plan any of them
 * found; the time limit and the abort signal hold for all of them. Falls back to one search in this thread
 * for small instances, short limits, or where no helper thread can be started.
 */
export async function runClassicalParallel(
  problem: Problem,
  variant: Variant,
  options: ParallelClassicalOptions,
): Promise<ParallelClassicalResult> {
  const threads = Math.max(1, Math.floor(options.threads ?? availableParallelism()));
  const { threads: _, ...single } = options;
  if (threads === 1 || problem.n < MIN_CUSTOMERS || options.timeLimitSec < MIN_SECONDS) {
    return { ...runClassical(problem, variant, single), searches: 1 };
  }
  const board = SharedBest.create(problem.n);
  const deadline = Date.now() + options.timeLimitSec * 1000;
  const helpers: Promise<ClassicalResult | null>[] = [];
  for (let k = 1; k < threads; k++) {
    const input: HelperInput = {
      instance: problem.instance,
      variant,
      buffer: board.buffer,
      deadline,
      options: {
        seed: options.seed + 7919 * k,
        ...(options.initial ? { initial: options.initial } : {}),
        ...(options.maxIterations !== undefined ? { maxIterations: options.maxIterations } : {}),
        ...(options.neighbours !== undefined ? { neighbours: options.neighbours } : {}),
        ...(options.lambdaFactor !== undefined ? { lambdaFactor: options.lambdaFactor } : {}),
      },
    };
    const helper = startHelper(input);
    if (helper) helpers.push(resultOf(helper));
  }
  let best: ClassicalResult;
  try {
    best = runClassical(problem, variant, { ...single, shared: board });
  } finally {
    board.requestStop();
  }
  const results = (await Promise.all(helpers)).filter((r) => r !== null);
  const own = best;
  for (const result of results) {
    if (isBetterPlan({ excess: result.overFleet, cost: result.cost }, { excess: best.overFleet, cost: best.cost })) best = result;
  }
  // The plan is the best search's; the work counts are all searches' together, the time this thread's.
  const total = (f: (r: ClassicalResult) => number) => results.reduce((sum, r) => sum + f(r), f(own));
  return {
    ...best,
    iterations: total((r) => r.iterations),
    moves: total((r) => r.moves),
    seconds: own.seconds,
    searches: 1 + results.length,
  };
}

function resultOf(helper: Worker): Promise<ClassicalResult | null> {
  return new Promise((resolve) => {
    helper.once('message', (result: ClassicalResult) => resolve(result));
    // A helper that fails costs only its share of the search: this thread's plan still stands.
    helper.once('error', () => resolve(null));
    helper.once('exit', () => resolve(null));
  });
}

/**
 * From source (web mode, tests, bench scripts) the helper is TypeScript, started through the tsx bootstrap the
 * ML worker uses; the built CLI (scripts/build-cli.mjs) and the desktop bundle (electron.vite.config.ts) emit it
 * as an entry of its own beside their main file.
 */
function startHelper(input: HelperInput): Worker | null {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) {
    const boot = join(dirname(here), '..', 'ml-worker-boot.mjs');
    const entry = pathToFileURL(join(dirname(here), 'classical-helper.ts')).href;
    return new Worker(boot, { workerData: { ...input, entry } });
  }
  const bundled = [join(dirname(here), 'classical-helper.js'), join(dirname(here), '..', 'classical-helper.js')].find(existsSync);
  return bundled ? new Worker(bundled, { workerData: input }) : null;
}
