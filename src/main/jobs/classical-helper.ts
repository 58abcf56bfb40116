import { parentPort, workerData } from 'node:worker_threads';
import type { Instance, Variant } from '../../shared/domain.js';
import { compileProblem } from '../vrp/problem.js';
import { type ClassicalOptions, runClassical } from '../vrp/solvers/classical.js';
import { SharedBest } from '../vrp/solvers/shared-best.js';

/** What a helper thread of runClassicalParallel receives (structured-cloned; the board's buffer is shared). */
export interface HelperInput {
  instance: Instance;
  variant: Variant;
  buffer: SharedArrayBuffer;
  /** Wall-clock end (Date.now() milliseconds) shared with the thread that started the helper. */
  deadline: number;
  options: Omit<ClassicalOptions, 'timeLimitSec' | 'signal' | 'onProgress' | 'shared'>;
}

if (parentPort) {
  const input = workerData as HelperInput;
  // The instance was validated by the thread that started this one.
  const problem = compileProblem(input.instance);
  const timeLimitSec = Math.max(0, (input.deadline - Date.now()) / 1000);
  const result = runClassical(problem, input.variant, { ...input.options, timeLimitSec, shared: new SharedBest(input.buffer) });
  parentPort.postMessage(result);
}
