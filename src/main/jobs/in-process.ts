import { runJob } from './handlers.js';
import type { JobRunner } from './protocol.js';

/**
 * Runs jobs on the calling thread: for the CLI and unit tests, where blocking the event loop does not matter.
 * The app uses the worker client instead.
 */
export function inProcessRunner(): JobRunner {
  return {
    run: (job, input, options = {}) =>
      runJob(job, input, {
        signal: options.signal ?? new AbortController().signal,
        onProgress: options.onProgress ?? (() => {}),
      }),
    // Jobs here run side by side on the calling thread: none waits for another.
    inFlight: () => [],
    close: async () => {},
  };
}
