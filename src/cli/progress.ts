import type { JobContext, Progress } from '../main/jobs/protocol.js';

/**
 * A job context for the terminal: progress on stderr (only when it is a terminal). The job is never cancelled through
 * it: a solver or a greedy decoding busy in a synchronous loop never lets its thread's event loop run a SIGINT
 * handler. `jampr plan` plans on a worker thread (plan-thread.ts), where main hears Ctrl-C at once, says so and ends
 * by the signal: status 130, nothing written (the plan is written only when it is complete).
 *
 * `started`: where stderr is not a terminal (a log, a script), which shows no progress, what a long job says once, as
 * `jampr: <started>`, when its work has begun on its thread (its first progress): from then on Ctrl-C is heard.
 */
export function cliJobContext({ started }: { started?: string } = {}): JobContext<Progress> {
  let last = 0;
  let said = false;
  return {
    signal: new AbortController().signal, // never aborted: see above
    onProgress: ({ fraction, message, indeterminate }) => {
      if (!process.stderr.isTTY) {
        if (started !== undefined && !said) process.stderr.write(`jampr: ${started}\n`);
        said = true;
        return;
      }
      if (performance.now() - last < 250) return;
      last = performance.now();
      const share = indeterminate ? '' : `${Math.round(fraction * 100)}% `;
      process.stderr.write(`\r${share}${message}`.padEnd(60).slice(0, 80) + (fraction >= 1 && !indeterminate ? '\n' : ''));
    },
  };
}
