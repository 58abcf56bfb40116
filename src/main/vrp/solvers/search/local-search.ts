import type { Rng } from '../../rng.js';
import { shuffle } from '../../rng.js';
import { COST_EPS } from '../plan-score.js';
import type { MoveContext } from './move-context.js';
import type { Neighbours } from './neighbours.js';
import { applyRelocate, applyExchange, evalExchange, evalRelocate, evalRemoval } from './segment-moves.js';
import { applyReverse, applyTails, evalReverse, evalTails } from './tail-moves.js';

/** How often (in customers examined) the search looks at the clock. */
const CLOCK_EVERY = 32;

/**
 * First-improvement local search over granular neighbourhoods, driven by a queue of "active" customers
 * (don't-look bits): a customer is examined when one of its arcs changed or GLS penalised one.
 * Every applied move strictly lowers the objective (true cost + lambda * GLS penalties), so the search cannot cycle.
 */
export class LocalSearch {
  private readonly queue: Int32Array;
  private readonly queued: Uint8Array;
  private head = 0;
  private length = 0;
  /** Called after every applied move (the driver tracks the best plan by true cost). */
  onMove: () => void = () => {};
  movesApplied = 0;
  private readonly oldPred: Int32Array;
  private readonly oldSucc: Int32Array;
  /** removed[len]: the objective of u's route without u's segment of that length (see improve). */
  private readonly removed = new Float64Array(4);

  constructor(
    private readonly ctx: MoveContext,
    private readonly neighbours: Neighbours,
  ) {
    const size = ctx.state.size;
    this.queue = new Int32Array(size);
    this.queued = new Uint8Array(size);
    this.oldPred = new Int32Array(size);
    this.oldSucc = new Int32Array(size);
  }

  activateAll(rng: Rng): void {
    const n = this.ctx.state.problem.n;
    for (const u of shuffle(
      rng,
      Array.from({ length: n }, (_, k) => k + 1),
    ))
      this.activate(u);
  }

  activate(u: number): void {
    if (u === 0 || this.queued[u]) return;
    this.queued[u] = 1;
    this.queue[(this.head + this.length) % this.queue.length] = u;
    this.length++;
  }

  /** Runs until no active customer has an improving move (true: a local optimum), or `stop()` says so (false). */
  run(stop: () => boolean): boolean {
    let examined = 0;
    while (this.length > 0) {
      if (++examined % CLOCK_EVERY === 0 && stop()) return false;
      const u = this.queue[this.head];
      this.head = (this.head + 1) % this.queue.length;
      this.length--;
      this.queued[u] = 0;
      if (this.improve(u)) this.activate(u);
    }
    return true;
  }

  /** Remembers each customer's neighbours in routes a and b before a move is applied. */
  private remember(a: number, b: number): void {
    for (const r of a === b ? [a] : [a, b]) {
      const nodes = this.ctx.state.routes[r];
      for (let p = 0; p < nodes.length; p++) {
        this.oldPred[nodes[p]] = p > 0 ? nodes[p - 1] : 0;
        this.oldSucc[nodes[p]] = p + 1 < nodes.length ? nodes[p + 1] : 0;
      }
    }
  }

  /**
   * Applies a move that touches routes a and b and wakes up the customers whose predecessor or successor
   * changed (the ends of the new arcs). Waking whole routes finds a few more moves after a timing change but
   * costs 2.5-4.5x more time per GLS round; the next rounds catch those moves anyway.
   */
  private commit(a: number, b: number, apply: () => void): true {
    this.remember(a, b);
    apply();
    for (const r of a === b ? [a] : [a, b]) {
      const nodes = this.ctx.state.routes[r];
      for (let p = 0; p < nodes.length; p++) {
        const pred = p > 0 ? nodes[p - 1] : 0;
        const succ = p + 1 < nodes.length ? nodes[p + 1] : 0;
        if (pred !== this.oldPred[nodes[p]] || succ !== this.oldSucc[nodes[p]]) this.activate(nodes[p]);
      }
    }
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
    // Route a without u's segment is the same for every place tried in another route: priced once here.
    const removed = this.removed;
    for (let len = 1; len <= 3; len++) removed[len] = evalRemoval(ctx, a, i, len);
    for (let k = 0; k < count; k++) {
      const v = list[u * count + k];
      const b = s.routeOf[v];
      const j = s.posOf[v];
      // Relocate and or-opt: u's segment right after v or right before v (forward or reversed).
      for (let len = 1; len <= 3; len++) {
        const without = a !== b ? removed[len] : undefined;
        for (let rev = 0; rev < (len > 1 ? 2 : 1); rev++) {
          const reversed = rev === 1;
          for (let side = 0; side < 2; side++) {
            const p = side === 0 ? j + 1 : j;
            if (evalRelocate(ctx, a, i, len, reversed, b, p, gain, without) < gain) {
              return this.commit(a, b, () => applyRelocate(ctx, a, i, len, reversed, b, p));
            }
          }
        }
      }
      // Exchange: (1,1), (2,1), (1,2), (2,2).
      for (let lenA = 1; lenA <= 2; lenA++) {
        for (let lenB = 1; lenB <= 2; lenB++) {
          if (evalExchange(ctx, a, i, lenA, b, j, lenB, gain) < gain) {
            return this.commit(a, b, () => applyExchange(ctx, a, i, lenA, b, j, lenB));
          }
        }
      }
      if (a !== b) {
        // 2-opt*: new arc u -> v (A keeps up to u, takes B from v), or v -> u.
        for (let side = 0; side < 2; side++) {
          const ia = side === 0 ? i + 1 : i;
          const ib = side === 0 ? j : j + 1;
          if (evalTails(ctx, a, ia, b, ib, gain) < gain) return this.commit(a, b, () => applyTails(ctx, a, ia, b, ib));
        }
      } else {
        // 2-opt: new arc u -> v (u first) or v -> u (v first).
        const from = i < j ? i + 1 : j + 1;
        const to = Math.max(i, j);
        if (evalReverse(ctx, a, from, to, gain) < gain) return this.commit(a, a, () => applyReverse(ctx, a, from, to));
      }
    }
    return this.improveWithEmptyRoute(a, i);
  }

  /** Moves that open a route: the customer at position i of route a alone, or route a split before it. */
  private improveWithEmptyRoute(a: number, i: number): boolean {
    const ctx = this.ctx;
    const s = ctx.state;
    if (s.routes[a].length <= 1 || !ctx.fleetAllows(1, 2)) return false;
    const e = s.emptyRoute();
    const gain = -COST_EPS;
    if (evalRelocate(ctx, a, i, 1, false, e, 0, gain) < gain) {
      return this.commit(a, e, () => applyRelocate(ctx, a, i, 1, false, e, 0));
    }
    if (i > 0 && evalTails(ctx, a, i, e, 0, gain) < gain) return this.commit(a, e, () => applyTails(ctx, a, i, e, 0));
    return false;
  }
}
