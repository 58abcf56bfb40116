/**
 * Ctrl-C while a command's work runs on a thread: main, free to hear it, says what was stopped, then lets the signal
 * end the process as Node's default does, so that the shell (and a script's loop) sees a command stopped by the signal
 * (status 130 for Ctrl-C), not one that exited by itself. SIGTERM (a service manager, `kill`, a CI job's timeout) and
 * SIGHUP (the terminal closed, an ssh session dropped) stop a command the same way, with the same words and the same
 * state saved: each is a request to stop, and a training run cut short by one keeps what it trained as after Ctrl-C.
 */
import { constants } from 'node:os';

export const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
export type StopSignal = (typeof STOP_SIGNALS)[number];

/** The status a shell reports for a process the signal ended: 128 + its number (130, 143, 129; EXIT in exit-codes.ts). */
export const signalStatus = (signal: StopSignal): number => 128 + constants.signals[signal];

/** How a message asks for the same signal once more (a second one quits at once). */
export const sendAgain = (signal: StopSignal): string => (signal === 'SIGINT' ? 'Ctrl-C again' : `${signal} again`);

/** What is to be done however the process ends (its files tidied), short of being killed outright. */
const endings: (() => void)[] = [];
const runEndings = () => {
  for (const end of endings.splice(0)) end();
};
process.on('exit', runEndings);

/** Runs `end` once when the process exits, or before it ends by a signal (endBySignal). */
export const atEnd = (end: () => void): void => {
  endings.push(end);
};

/**
 * Ends the process by `signal`: with no listener of it left, Node's default action applies and the shell sees the
 * command stopped by it.
 */
export const endBySignal = (signal: StopSignal): void => {
  runEndings();
  process.removeAllListeners(signal);
  process.kill(process.pid, signal);
};

/**
 * Calls `stop` with the first of the stop signals to come, once: from then on none of them is listened to here. The
 * returned function stops listening. After SIGHUP the terminal may be gone: what is said then is lost rather than
 * writing to it failing (EIO) as an error of the command.
 */
export function stopListener(stop: (signal: StopSignal) => void): () => void {
  const listeners = STOP_SIGNALS.map((signal) => {
    const heard = () => {
      if (signal === 'SIGHUP') for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
      // `stop` first: a signal with no listener for a moment gets Node's default action, and one right after the first
      // (a script's, or an impatient hand) would end the process without a word before `stop` listens for it.
      stop(signal);
      off();
    };
    process.on(signal, heard);
    return [signal, heard] as const;
  });
  const off = () => {
    for (const [signal, heard] of listeners) process.off(signal, heard);
  };
  return off;
}

/**
 * Until the returned function is called, the first stop signal writes `jampr: <said()>` (read at that moment) and ends
 * the process by the signal. Once it is called, a signal ends the process as before.
 */
export function sayOnInterrupt(said: () => string): () => void {
  return stopListener((signal) => {
    process.stderr.write(`jampr: ${said()}\n`);
    endBySignal(signal);
  });
}
