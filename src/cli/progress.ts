import type { JobContext, Progress } from '../main/jobs/protocol.js';

/** A job context for the terminal: progress on stderr (only when it is a terminal), Ctrl-C cancels the job. */
export function cliJobContext(): JobContext<Progress> {
  const controller = new AbortController();
  process.once('SIGINT', () => controller.abort());
  let last = 0;
  return {
    signal: controller.signal,
    onProgress: ({ fraction, message }) => {
      if (!process.stderr.isTTY || performance.now() - last < 250) return;
      last = performance.now();
      process.stderr.write(`\r${Math.round(fraction * 100)}% ${message}`.padEnd(60).slice(0, 80) + (fraction >= 1 ? '\n' : ''));
    },
  };
}
