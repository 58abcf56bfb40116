import { exceedsCapacity } from '../../../../shared/domain.js';
import type { MoveContext } from './move-context.js';

/**
 * Moves that take whole segments out of a route: relocate (length 1), or-opt (length 2-3, optionally
 * reversed) and exchange (swap of two segments, lengths 1-2).
 */

const segment = (nodes: number[], i: number, len: number, reversed: boolean): number[] => {
  const seg = nodes.slice(i, i + len);
  return reversed ? seg.reverse() : seg;
};

/**
 * Each eval* returns the change of the objective, or Infinity when the move breaks a hard rule or its change
 * is provably >= `limit` (the local search passes its improvement threshold; tests price exactly).
 *
 * Moves A[i .. i+len-1] into the gap before position p of route B (p = B.length: at its end).
 * Within one route, p is a position of the route before the move; p = i or i+len only reverses in place.
 */
export function evalRelocate(
  ctx: MoveContext,
  a: number,
  i: number,
  len: number,
  reversed: boolean,
  b: number,
  p: number,
  limit = Infinity,
  /** Route a's objective without the segment (evalRemoval), when the caller tries many places for it. */
  removed?: number,
): number {
  const s = ctx.state;
  const nodesA = s.routes[a];
  const end = i + len; // first position after the segment
  if (end > nodesA.length) return Infinity;
  const bd = ctx.builder;
  const lambda = ctx.lambda;
  if (a !== b) {
    const nodesB = s.routes[b];
    if (exceedsCapacity(s.routeLoad[b] + ctx.loadOf(a, i, end), s.problem.capacity)) return Infinity;
    const emptiesA = len === nodesA.length;
    if (nodesB.length === 0 && !emptiesA && !ctx.fleetAllows(1, 2)) return Infinity;
    const target = ctx.aug(a) + ctx.aug(b) + limit;
    let newA = removed;
    if (newA === undefined) {
      bd.beginAfter(ctx.nodeBefore(a, i), lambda, target);
      newA = bd.finish(ctx.nodeAt(a, end));
    }
    if (newA === Infinity) return Infinity;
    bd.beginAfter(ctx.nodeBefore(b, p), lambda, target - newA);
    if (!bd.visitSegment(nodesA, i, len, reversed)) return Infinity;
    return newA + bd.finish(ctx.nodeAt(b, p)) - ctx.aug(a) - ctx.aug(b);
  }
  const target = ctx.aug(a) + limit;
  if (p > i && p < end) return Infinity;
  if ((p === i || p === end) && !reversed) return Infinity;
  if (p === i || p === end) {
    bd.beginAfter(ctx.nodeBefore(a, i), lambda, target);
    if (!bd.visitSegment(nodesA, i, len, reversed)) return Infinity;
  } else if (p < i) {
    bd.beginAfter(ctx.nodeBefore(a, p), lambda, target);
    if (!bd.visitSegment(nodesA, i, len, reversed) || !bd.visitRange(nodesA, p, i - 1)) return Infinity;
  } else {
    bd.beginAfter(ctx.nodeBefore(a, i), lambda, target);
    if (!bd.visitRange(nodesA, end, p - 1) || !bd.visitSegment(nodesA, i, len, reversed)) return Infinity;
  }
  return bd.finish(ctx.nodeAt(a, Math.max(p, end))) - ctx.aug(a);
}

/** Route a's objective once A[i .. i+len-1] is taken out (Infinity when the segment runs past its end). */
export function evalRemoval(ctx: MoveContext, a: number, i: number, len: number): number {
  if (i + len > ctx.state.routes[a].length) return Infinity;
  const bd = ctx.builder;
  bd.beginAfter(ctx.nodeBefore(a, i), ctx.lambda);
  return bd.finish(ctx.nodeAt(a, i + len));
}

export function applyRelocate(ctx: MoveContext, a: number, i: number, len: number, reversed: boolean, b: number, p: number): void {
  const s = ctx.state;
  const nodesA = s.routes[a];
  const seg = segment(nodesA, i, len, reversed);
  if (a !== b) {
    const nodesB = s.routes[b];
    s.setRoute(a, [...nodesA.slice(0, i), ...nodesA.slice(i + len)]);
    s.setRoute(b, [...nodesB.slice(0, p), ...seg, ...nodesB.slice(p)]);
    return;
  }
  const rest = [...nodesA.slice(0, i), ...nodesA.slice(i + len)];
  const at = p <= i ? p : p - len;
  s.setRoute(a, [...rest.slice(0, at), ...seg, ...rest.slice(at)]);
}

/** Swaps A[i .. i+lenA-1] with B[j .. j+lenB-1] (each keeps its direction). */
export function evalExchange(
  ctx: MoveContext,
  a: number,
  i: number,
  lenA: number,
  b: number,
  j: number,
  lenB: number,
  limit = Infinity,
): number {
  const s = ctx.state;
  const nodesA = s.routes[a];
  const nodesB = s.routes[b];
  if (i + lenA > nodesA.length || j + lenB > nodesB.length) return Infinity;
  const bd = ctx.builder;
  const lambda = ctx.lambda;
  if (a !== b) {
    const loadA = ctx.loadOf(a, i, i + lenA);
    const loadB = ctx.loadOf(b, j, j + lenB);
    const cap = s.problem.capacity;
    if (exceedsCapacity(s.routeLoad[a] - loadA + loadB, cap) || exceedsCapacity(s.routeLoad[b] - loadB + loadA, cap)) return Infinity;
    const target = ctx.aug(a) + ctx.aug(b) + limit;
    bd.beginAfter(ctx.nodeBefore(a, i), lambda, target);
    if (!bd.visitRange(nodesB, j, j + lenB - 1)) return Infinity;
    const newA = bd.finish(ctx.nodeAt(a, i + lenA));
    if (newA === Infinity) return Infinity;
    bd.beginAfter(ctx.nodeBefore(b, j), lambda, target - newA);
    if (!bd.visitRange(nodesA, i, i + lenA - 1)) return Infinity;
    return newA + bd.finish(ctx.nodeAt(b, j + lenB)) - ctx.aug(a) - ctx.aug(b);
  }
  if (j < i) return evalExchange(ctx, a, j, lenB, a, i, lenA, limit);
  if (i + lenA > j) return Infinity;
  bd.beginAfter(ctx.nodeBefore(a, i), lambda, ctx.aug(a) + limit);
  if (!bd.visitRange(nodesA, j, j + lenB - 1)) return Infinity;
  if (!bd.visitRange(nodesA, i + lenA, j - 1)) return Infinity;
  if (!bd.visitRange(nodesA, i, i + lenA - 1)) return Infinity;
  return bd.finish(ctx.nodeAt(a, j + lenB)) - ctx.aug(a);
}

export function applyExchange(ctx: MoveContext, a: number, i: number, lenA: number, b: number, j: number, lenB: number): void {
  const s = ctx.state;
  const nodesA = s.routes[a];
  const nodesB = s.routes[b];
  const segA = nodesA.slice(i, i + lenA);
  const segB = nodesB.slice(j, j + lenB);
  if (a !== b) {
    s.setRoute(a, [...nodesA.slice(0, i), ...segB, ...nodesA.slice(i + lenA)]);
    s.setRoute(b, [...nodesB.slice(0, j), ...segA, ...nodesB.slice(j + lenB)]);
    return;
  }
  if (j < i) {
    applyExchange(ctx, a, j, lenB, a, i, lenA);
    return;
  }
  s.setRoute(a, [...nodesA.slice(0, i), ...segB, ...nodesA.slice(i + lenA, j), ...segA, ...nodesA.slice(j + lenB)]);
}
