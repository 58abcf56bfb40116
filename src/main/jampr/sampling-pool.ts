import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { threadId } from 'node:worker_threads';
import type { Instance } from '../../shared/domain.js';
import type { SampledPlan } from './decode.js';
import type { EnvConfig } from './env/config.js';
import type { ModelKind } from './model/config.js';
import { startTaskPool, type TaskPool } from './parallel.js';
import type { ChunkHelpers } from './sample-chunks.js';

/**
 * Helper threads for best-of-S sampling (decode.ts, sample-chunks.ts): the pure-JS backend computes on one core
 * per thread, so the thread that samples hands chunks to threads − 1 helpers (sampling-worker.ts) and draws the
 * rest itself. The helpers are kept between plans (each loads TensorFlow.js and the model once) and do not keep
 * the process alive while idle.
 */

/** One chunk for a helper: where the model is, the instance, and which chunk of which sampling call. */
export interface SampleTask {
  /** One sampling call: a helper keeps the instance and its embeddings between that call's chunks. */
  call: string;
  modelDir: string;
  kind: ModelKind;
  instance: Instance;
  env: EnvConfig;
  seed: number;
  index: number;
  size: number;
}

/** From source the helper is TypeScript (parallel.ts starts it through the tsx bootstrap); bundles emit it beside their entry. */
function helperEntry(): URL | null {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith('.ts')) return pathToFileURL(join(dirname(here), 'sampling-worker.ts'));
  const bundled = [join(dirname(here), 'sampling-worker.js'), join(dirname(here), '..', 'sampling-worker.js')].find(existsSync);
  return bundled ? pathToFileURL(bundled) : null;
}

let pool: TaskPool<SampleTask, SampledPlan> | null = null;
let calls = 0;
/** Whether the current pool's helpers have answered a chunk (they are started and hold a model). */
let warm = false;

/** Helpers for one sampling call on `threads` threads in all; null for one thread or where none can start. */
export function samplingHelpers(threads: number, call: Omit<SampleTask, 'call' | 'index' | 'size'>): ChunkHelpers<SampledPlan> | undefined {
  const size = Math.floor(threads) - 1;
  const entry = size >= 1 ? helperEntry() : null;
  if (!entry) return undefined;
  if (pool && pool.size !== size) {
    void pool.close();
    pool = null;
  }
  if (!pool) {
    pool = startTaskPool<SampleTask, SampledPlan>(entry, { size });
    warm = false;
  }
  const helpers = pool;
  const id = `${process.pid}.${threadId}.${++calls}`;
  const drawing = new Set<SampleTask>();
  return {
    capacity: size,
    draw: async (index, chunk, signal) => {
      const task = { ...call, call: id, index, size: chunk };
      drawing.add(task);
      try {
        const plan = await helpers.run(task, signal);
        if (helpers === pool) warm = true;
        return plan;
      } finally {
        drawing.delete(task);
      }
    },
    warm: () => warm && helpers === pool,
    within: () => [...drawing].reduce((sum, task) => sum + helpers.share(task) * task.size, 0),
  };
}

/** Stops the helper threads (tests; a later sampling call starts new ones). */
export async function closeSamplingPool(): Promise<void> {
  const current = pool;
  pool = null;
  await current?.close();
}
