/**
 * The app's stop (a quit, the web mode's SIGTERM or Ctrl-C) as a job hears it: its signal aborted with APP_STOPPING as
 * the reason. A job cancelled before (a dispatcher's Cancel, whose run is still judging its model) has a signal aborted
 * already, whose reason cannot change: it is marked as stopped by the app as well, and its listeners hear
 * APP_STOPPING_EVENT (the worker client, which tells the worker). The stop wins over the judging either way.
 */
import { APP_STOPPING } from './protocol.js';

/** Dispatched on a signal aborted before the app stopped, once the app stops. */
export const APP_STOPPING_EVENT = 'appstopping';

const stoppedLate = new WeakSet<AbortSignal>();

/** Whether the app stopped the job of this signal (directly, or after a cancel). */
export const appStopping = (signal: AbortSignal): boolean => signal.aborted && (signal.reason === APP_STOPPING || stoppedLate.has(signal));

/** Stops the job of `controller` as the app stops it. */
export function abortForApp(controller: AbortController): void {
  const { signal } = controller;
  if (!signal.aborted) controller.abort(APP_STOPPING);
  else if (!appStopping(signal)) {
    stoppedLate.add(signal);
    signal.dispatchEvent(new Event(APP_STOPPING_EVENT));
  }
}
