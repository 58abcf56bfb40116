import type { Rng } from '../../rng.js';
import { shuffle } from '../../rng.js';
import { COST_EPS } from '../planScore.js';
import type { MoveContext } from './moveContext.js';
import type { Neighbours } from './neighbours.js';
import { applyRelocate, applyExchange, evalExchange, evalRelocate } from './segmentMoves.js';
import { applyReverse, applyTails, evalReverse, evalTails } from './tailMoves.js';

/** How often (in customers examined) the search looks at the clock. */
const CLOCK_EVERY = 32;

/**
 * First-improvement local search over granular neighbourhoods, driven by a queue of "active" customers
 * (don't-look bits): a customer is examined when it or its route changed. Every applied move strictly lowers
 * the objective (true cost + lambda * GLS penalties), so the search cannot cycle.
 */
export class LocalSearch {
  private readonly queue: Int32Array;
  private readonly queued: Uint8Array;
  private head = 0;
  private length = 0;
  /** Called after every applied move (the driver tracks the best plan by true cost). */
  onMove: () => void = () => {};
  movesApplied = 0;

  constructor(
    private readonly ctx: MoveContext,
    private readonly neighbours: Neighbours,
  ) {
    const size = ctx.state.size;
    this.queue = new Int32Array(size);
    this.queued = new Uint8Array(size);
  }

  activateAll(rng: Rng): void {
    const n = this.ctx.state.problem.n;
    for (const u of shuffle(rng, Array.from({ length: n }, (_, k) => k + 1))) this.activate(u);
  }

  activate(u: number): void {
    if (u === 0 || this.queued[u]) return;
    this.queued[u] = 1;
    this.queue[(this.head + this.length) % this.queue.length] = u;
    this.length++;
  }

  private activateRoute(r: number): void {
    for (const u of this.ctx.state.routes[r]) this.activate(u);
  }

  /** Runs until no active customer has an improving move, or `stop()` says so. */
  run(stop: () => boolean): void {
    let examined = 0;
    while (this.length > 0) {
      if (++examined % CLOCK_EVERY === 0 && stop()) return;
      const u = this.queue[this.head];
      this.head = (this.head + 1) % this.queue.length;
      this.length--;
      this.queued[u] = 0;
      if (this.improve(u)) this.activate(u);
    }
  }

  private changed(a: number, b: number): true {
    this.activateRoute(a);
    if (b !== a) this.activateRoute(b);
    this.movesApplied++;
    this.onMove();
    return true;
  }

  /** Tries the moves around customer u; applies the first improving one. */
  private improve(u: number): boolean {
    const ctx = this.ctx;
    const s = ctx.state;
    const { count, list } = this.neighbours;
    const a = s.routeOf[u];
    const i = s.posOf[u];
    const gain = -COST_EPS;
    for (let k = 0; k < count; k++) {
      const v = list[u * count + k];
      const b = s.routeOf[v];
      const j = s.posOf[v];
      // Relocate and or-opt: u's segment right after v or right before v (forward or reversed).
      for (let len = 1; len <= 3; len++) {
        for (let rev = 0; rev < (len > 1 ? 2 : 1); rev++) {
          const reversed = rev === 1;
          if (evalRelocate(ctx, a, i, len, reversed, b, j + 1) < gain) {
            applyRelocate(ctx, a, i, len, reversed, b, j + 1);
            return this.changed(a, b);
          }
          if (evalRelocate(ctx, a, i, len, reversed, b, j) < gain) {
            applyRelocate(ctx, a, i, len, reversed, b, j);
            return this.changed(a, b);
          }
        }
      }
      // Exchange: (1,1), (2,1), (1,2), (2,2).
      for (let lenA = 1; lenA <= 2; lenA++) {
        for (let lenB = 1; lenB <= 2; lenB++) {
          if (evalExchange(ctx, a, i, lenA, b, j, lenB) < gain) {
            applyExchange(ctx, a, i, lenA, b, j, lenB);
            return this.changed(a, b);
          }
        }
      }
      if (a !== b) {
        // 2-opt*: new arc u -> v, or v -> u.
        if (evalTails(ctx, a, i + 1, b, j) < gain) {
          applyTails(ctx, a, i + 1, b, j);
          return this.changed(a, b);
        }
        if (evalTails(ctx, a, i, b, j + 1) < gain) {
          applyTails(ctx, a, i, b, j + 1);
          return this.changed(a, b);
        }
      } else {
        // 2-opt: new arc u -> v (u first) or v -> u (v first).
        const from = i < j ? i + 1 : j + 1;
        const to = i < j ? j : i;
        if (evalReverse(ctx, a, from, to) < gain) {
          applyReverse(ctx, a, from, to);
          return this.changed(a, a);
        }
      }
    }
    return this.improveWithEmptyRoute(u, a, i);
  }

  /** Moves that open a route: u alone, or split u's route before u. */
  private improveWithEmptyRoute(u: number, a: number, i: number): boolean {
    const ctx = this.ctx;
    const s = ctx.state;
    if (s.routes[a].length <= 1 || !ctx.fleetAllows(1, 2)) return false;
    const e = s.emptyRoute();
    if (evalRelocate(ctx, a, i, 1, false, e, 0) < -COST_EPS) {
      applyRelocate(ctx, a, i, 1, false, e, 0);
      return this.changed(a, e);
    }
    if (i > 0 && evalTails(ctx, a, i, e, 0) < -COST_EPS) {
      applyTails(ctx, a, i, e, 0);
      return this.changed(a, e);
    }
    return false;
  }
}
