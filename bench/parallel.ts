/**
 * Throughput of the task pool with 1 vs 2 worker threads on a fixed tfjs workload.
 * Run: `npx tsx bench/parallel.ts`. On a shared 2-core machine the second core is only free when others idle.
 */
import { startTaskPool } from '../src/main/jampr/parallel.js';

const TASKS = 8;
const STEPS = 40;

async function throughput(size: number): Promise<number> {
  const pool = startTaskPool<{ steps: number }, number>(new URL('./parallel-worker.ts', import.meta.url), { size });
  await Promise.all(Array.from({ length: size }, () => pool.run({ steps: 1 }))); // start-up and warm-up
  const t0 = performance.now();
  await Promise.all(Array.from({ length: TASKS }, () => pool.run({ steps: STEPS })));
  const seconds = (performance.now() - t0) / 1000;
  await pool.close();
  return TASKS / seconds;
}

async function main(): Promise<void> {
  const one = await throughput(1);
  const two = await throughput(2);
  console.log(`tasks/s with 1 worker: ${one.toFixed(2)}, with 2 workers: ${two.toFixed(2)}, ratio ${(two / one).toFixed(2)}x`);
}

void main();
