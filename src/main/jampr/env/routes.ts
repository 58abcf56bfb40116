import type { EnvState } from './state.js';

/** The decoded plan of row b: customer indices per vehicle in activation order, empty tours left out. */
export function routesOf(s: EnvState, b: number): number[][] {
  const nodes = s.batch.n + 1;
  const routes: number[][] = Array.from({ length: s.batch.kMax }, () => []);
  for (let i = 1; i < nodes; i++) {
    const k = s.servedBy[b * nodes + i];
    if (k >= 0) routes[k][s.servedAt[b * nodes + i]] = i;
  }
  return routes.filter((r) => r.length > 0);
}
