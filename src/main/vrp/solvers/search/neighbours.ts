import type { Problem } from '../../problem.js';

/**
 * Granular neighbourhoods: each customer only tries moves that bring it next to one of its `count` most
 * correlated customers. Correlation is travel time plus the time-window mismatch of visiting one right after
 * the other (the proximity measure of Vidal et al.'s HGS), taken in the better direction.
 */
export interface Neighbours {
  /** Customers per list. */
  readonly count: number;
  /** Row u (u = 1..n) at [u * count, (u + 1) * count), nearest first; row 0 unused. */
  readonly list: Int32Array;
}

const WAIT_WEIGHT = 0.2;
const LATE_WEIGHT = 1.0;

export function buildNeighbours(problem: Problem, wanted: number): Neighbours {
  const { n, travel, ready, due, service } = problem;
  const size = n + 1;
  const count = Math.max(0, Math.min(wanted, n - 1));
  const list = new Int32Array(size * count);
  const proximity = (i: number, j: number): number => {
    const t = travel[i * size + j];
    const wait = Math.max(ready[j] - service[i] - t - due[i], 0);
    const late = Math.max(ready[i] + service[i] + t - due[j], 0);
    return t + WAIT_WEIGHT * wait + LATE_WEIGHT * late;
  };
  // Only the `count` best of each row are kept, so a row is a bounded insertion into a sorted window instead
  // of a sort of all n (the sort made the lists the slowest part of a 5,000-customer start).
  const bestScore = new Float64Array(count);
  for (let u = 1; u <= n; u++) {
    const row = u * count;
    let kept = 0;
    for (let v = 1; v <= n; v++) {
      if (v === u) continue;
      const sc = Math.min(proximity(u, v), proximity(v, u));
      // Ties keep the lower index first: v rises, so an equal score never displaces a kept one.
      if (kept === count && !(sc < bestScore[count - 1])) continue;
      let at = kept < count ? kept++ : count - 1;
      while (at > 0 && sc < bestScore[at - 1]) {
        bestScore[at] = bestScore[at - 1];
        list[row + at] = list[row + at - 1];
        at--;
      }
      bestScore[at] = sc;
      list[row + at] = v;
    }
  }
  return { count, list };
}
