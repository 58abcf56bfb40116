/**
 * Ctrl-C while a command's work runs on a thread: main, free to hear it, says what was stopped, then lets the signal
 * end the process as Node's default does, so that the shell (and a script's loop) sees a command stopped by Ctrl-C
 * (status 130), not one that exited by itself.
 */

/** Ends the process by SIGINT: called from a SIGINT listener that has gone (once), so Node's default action applies. */
export const endBySigint = (): void => {
  process.kill(process.pid, 'SIGINT');
};

/**
 * Until the returned function is called, the first Ctrl-C writes `jampr: <said()>` (read at that moment) and ends the
 * process by the signal. Once it is called, Ctrl-C ends the process as before.
 */
export function sayOnInterrupt(said: () => string): () => void {
  const onInterrupt = () => {
    process.stderr.write(`jampr: ${said()}\n`);
    endBySigint();
  };
  process.once('SIGINT', onInterrupt);
  return () => process.off('SIGINT', onInterrupt);
}
