import { AppError, type AppErrorData, fromErrorData } from '../shared/errors.js';
import type { SpeedOptions } from './commands/bench-speed.js';
import { sayOnInterrupt } from './interrupt.js';
import { launchSpeedWorker } from './ml-thread.js';

/** What the speed thread (speed-worker.ts) tells main. */
export type SpeedMessage =
  | { type: 'measuring'; figure: string }
  | { type: 'figures'; figures: Record<string, unknown> }
  | { type: 'error'; error: AppErrorData; stack?: string };

/**
 * `jampr bench --speed` on a thread of its own, as the other benches plan on the ML worker (plan-thread.ts): main's
 * event loop stays free while a figure is measured, so Ctrl-C says at once which figure it stopped in and that none was
 * printed (the figures are printed together at the end), before the process ends by the signal (status 130) as it did
 * without a word. Each figure says on stderr when it begins (`jampr: measuring greedyMsN20`).
 */
export async function speedOnThread(options: SpeedOptions): Promise<Record<string, unknown>> {
  let measuring: string | null = null;
  const heard = sayOnInterrupt(
    () =>
      `bench --speed cancelled ${measuring === null ? 'before its first figure' : `while measuring ${measuring}`}: no figures were printed`,
  );
  const worker = launchSpeedWorker({ workerData: { options } });
  try {
    return await new Promise<Record<string, unknown>>((resolve, reject) => {
      worker.on('message', (message: SpeedMessage) => {
        if (message.type === 'measuring') {
          measuring = message.figure;
          // Its minutes read as work under way: each figure as it begins (the figures come together at the end).
          process.stderr.write(`jampr: measuring ${message.figure}\n`);
        } else if (message.type === 'figures') resolve(message.figures);
        else {
          const error = fromErrorData(message.error);
          // A defect's stack from where it was thrown (what `jampr` prints for a bug report), not this port's.
          if (message.stack) error.stack = message.stack;
          reject(error);
        }
      });
      worker.on('error', reject);
      // After the figures this settles nothing; before them the thread died without a word of its own.
      worker.on('exit', (code) => reject(new AppError('internal', `the speed figures' thread stopped (exit code ${code})`)));
    });
  } finally {
    heard();
    await worker.terminate();
  }
}
