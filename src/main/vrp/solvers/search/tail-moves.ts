import { exceedsCapacity } from '../../../../shared/domain.js';
import type { MoveContext } from './move-context.js';

/**
 * Moves that reconnect route tails: 2-opt* between two routes (also with an empty route, which splits a
 * route in two) and 2-opt inside one route (reverses a stretch).
 */

/**
 * 2-opt*: A keeps its first `ia` customers and takes B's tail from position ib; B keeps its first `ib`
 * customers and takes A's tail from ia. Either tail may be empty.
 */
export function evalTails(ctx: MoveContext, a: number, ia: number, b: number, ib: number, limit = Infinity): number {
  const s = ctx.state;
  const lenA = s.routes[a].length;
  const lenB = s.routes[b].length;
  const headA = ctx.loadOf(a, 0, ia);
  const headB = ctx.loadOf(b, 0, ib);
  const cap = s.problem.capacity;
  if (exceedsCapacity(headA + s.routeLoad[b] - headB, cap) || exceedsCapacity(headB + s.routeLoad[a] - headA, cap)) return Infinity;
  const usedBefore = (lenA > 0 ? 1 : 0) + (lenB > 0 ? 1 : 0);
  const usedAfter = (ia + lenB - ib > 0 ? 1 : 0) + (ib + lenA - ia > 0 ? 1 : 0);
  if (!ctx.fleetAllows(usedBefore, usedAfter)) return Infinity;
  const bd = ctx.builder;
  const target = ctx.aug(a) + ctx.aug(b) + limit;
  bd.beginAfter(ctx.nodeBefore(a, ia), ctx.lambda, target);
  const newA = bd.finish(ctx.nodeAt(b, ib));
  if (newA === Infinity) return Infinity;
  bd.beginAfter(ctx.nodeBefore(b, ib), ctx.lambda, target - newA);
  return newA + bd.finish(ctx.nodeAt(a, ia)) - ctx.aug(a) - ctx.aug(b);
}

export function applyTails(ctx: MoveContext, a: number, ia: number, b: number, ib: number): void {
  const s = ctx.state;
  const nodesA = s.routes[a];
  const nodesB = s.routes[b];
  const newA = [...nodesA.slice(0, ia), ...nodesB.slice(ib)];
  const newB = [...nodesB.slice(0, ib), ...nodesA.slice(ia)];
  s.setRoute(a, newA);
  s.setRoute(b, newB);
}

/** 2-opt: reverses positions i..j (i < j) of route a. Both eval functions take `limit` as in segmentMoves. */
export function evalReverse(ctx: MoveContext, a: number, i: number, j: number, limit = Infinity): number {
  if (j <= i) return Infinity;
  const bd = ctx.builder;
  const nodes = ctx.state.routes[a];
  bd.beginAfter(ctx.nodeBefore(a, i), ctx.lambda, ctx.aug(a) + limit);
  if (!bd.visitBackward(nodes, j, i)) return Infinity;
  return bd.finish(ctx.nodeAt(a, j + 1)) - ctx.aug(a);
}

export function applyReverse(ctx: MoveContext, a: number, i: number, j: number): void {
  const nodes = ctx.state.routes[a];
  ctx.state.setRoute(a, [...nodes.slice(0, i), ...nodes.slice(i, j + 1).reverse(), ...nodes.slice(j + 1)]);
}
