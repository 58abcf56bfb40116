import { isBetterPlan, type PlanScore } from './plan-score.js';

/**
 * The best plan found so far by searches running side by side in worker threads, kept in one
 * SharedArrayBuffer so that a search can read and offer plans synchronously between two moves (a search
 * never yields to its event loop). Its size is fixed by the number of customers: memory stays bounded.
 *
 * Layout: int32 [lock, version, stop, length] | float64 [excess, cost] | int32 plan[2n + 1]
 * (the routes' customers, each route ended by 0).
 */
const LOCK = 0;
const VERSION = 1;
const STOP = 2;
const LENGTH = 3;
const HEADER_BYTES = 16;
const SCORE_BYTES = 16;

export class SharedBest {
  private readonly header: Int32Array;
  private readonly score: Float64Array;
  private readonly plan: Int32Array;

  /** A new board for `n` customers, or a view of an existing board's buffer (in another thread). */
  constructor(readonly buffer: SharedArrayBuffer) {
    this.header = new Int32Array(buffer, 0, 4);
    this.score = new Float64Array(buffer, HEADER_BYTES, 2);
    this.plan = new Int32Array(buffer, HEADER_BYTES + SCORE_BYTES);
  }

  static create(n: number): SharedBest {
    const board = new SharedBest(new SharedArrayBuffer(HEADER_BYTES + SCORE_BYTES + 4 * (2 * n + 1)));
    board.score[0] = Infinity;
    board.score[1] = Infinity;
    return board;
  }

  /** Changes each time a better plan is offered: a search compares it with the version it last saw. */
  version(): number {
    return Atomics.load(this.header, VERSION);
  }

  /** Asks every search using the board to finish (the caller was cancelled or has finished). */
  requestStop(): void {
    Atomics.store(this.header, STOP, 1);
  }

  stopRequested(): boolean {
    return Atomics.load(this.header, STOP) === 1;
  }

  /** Stores the plan if it is better than the board's; returns whether it was. */
  offer(routes: readonly (readonly number[])[], score: PlanScore): boolean {
    return this.locked(() => {
      if (!isBetterPlan(score, this.current())) return false;
      let k = 0;
      for (const route of routes) {
        if (route.length === 0) continue;
        for (const node of route) this.plan[k++] = node;
        this.plan[k++] = 0;
      }
      this.header[LENGTH] = k;
      this.score[0] = score.excess;
      this.score[1] = score.cost;
      Atomics.add(this.header, VERSION, 1);
      return true;
    });
  }

  /** The board's plan and score (null while no plan was offered). */
  take(): { routes: number[][]; score: PlanScore } | null {
    return this.locked(() => {
      const length = this.header[LENGTH];
      if (length === 0) return null;
      const routes: number[][] = [];
      let route: number[] = [];
      for (let k = 0; k < length; k++) {
        const node = this.plan[k];
        if (node !== 0) route.push(node);
        else {
          routes.push(route);
          route = [];
        }
      }
      return { routes, score: this.current() };
    });
  }

  private current(): PlanScore {
    return { excess: this.score[0], cost: this.score[1] };
  }

  /** Plans are read and written under a spin lock: both sides hold it for microseconds. */
  private locked<T>(f: () => T): T {
    while (Atomics.compareExchange(this.header, LOCK, 0, 1) !== 0) Atomics.wait(this.header, LOCK, 1, 1);
    try {
      return f();
    } finally {
      Atomics.store(this.header, LOCK, 0);
      Atomics.notify(this.header, LOCK);
    }
  }
}
