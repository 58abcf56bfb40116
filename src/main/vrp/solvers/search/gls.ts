import type { LocalSearch } from './local-search.js';
import type { MoveContext } from './move-context.js';

export interface GlsOptions {
  /** Polled often; true ends the search (time limit, abort). */
  stop: () => boolean;
  /** Penalty rounds at most (for reproducible tests); Infinity in normal use. */
  maxIterations: number;
  /** lambda = factor * (cost of the first local optimum) / (number of arcs in it). */
  lambdaFactor: number;
}

/** The most customers for which every plan is one local-search move from every other. */
const ALL_PLANS_ONE_MOVE_APART = 2;

/**
 * Guided local search (Voudouris & Tsang; the escape OR-Tools uses): at a local optimum, the arc of the plan
 * with the highest utility travel / (1 + penalty) gets one more penalty, the objective becomes
 * true cost + lambda * (sum of penalties of the plan's arcs), and the local search resumes from the
 * arc's ends. The caller tracks the best plan by TRUE cost through the local search's onMove hook.
 * Returns the number of penalty rounds made.
 */
export function guidedLocalSearch(ctx: MoveContext, ls: LocalSearch, options: GlsOptions): number {
  const s = ctx.state;
  // Two customers have three plans (one route either way round, or a route each), each one move from the others:
  // the local optimum the search starts from is the optimum, and penalties would only spend the time limit.
  if (s.problem.n <= ALL_PLANS_ONE_MOVE_APART || options.stop()) return 0;
  const arcs = s.problem.n + s.usedRoutes();
  ctx.lambda = (options.lambdaFactor * s.trueCost()) / Math.max(1, arcs);
  if (!(ctx.lambda > 0)) return 0;
  let rounds = 0;
  while (rounds < options.maxIterations && !options.stop()) {
    penaliseWorstArc(ctx, ls);
    rounds++;
    ls.run(options.stop);
  }
  return rounds;
}

/** Adds a penalty to the plan arc with the highest utility and wakes up its two ends. */
function penaliseWorstArc(ctx: MoveContext, ls: LocalSearch): void {
  const s = ctx.state;
  const { travel } = s.problem;
  const size = s.size;
  let bestUtility = -1;
  let bestArc = -1;
  let bestRoute = -1;
  for (let r = 0; r < s.routes.length; r++) {
    const nodes = s.routes[r];
    if (nodes.length === 0) continue;
    let prev = 0;
    for (let p = 0; p <= nodes.length; p++) {
      const next = p < nodes.length ? nodes[p] : 0;
      const arc = prev * size + next;
      const utility = travel[arc] / (1 + s.arcPen[arc]);
      if (utility > bestUtility) {
        bestUtility = utility;
        bestArc = arc;
        bestRoute = r;
      }
      prev = next;
    }
  }
  if (bestArc < 0) return;
  s.arcPen[bestArc] += 1;
  s.refresh(bestRoute);
  ls.activate(Math.floor(bestArc / size));
  ls.activate(bestArc % size);
}
