/** How much of a training run's time budget the progress bar shows as used. */
import type { TrainingRun } from '../../shared/api.js';

/**
 * A finished run is full; a stopped or failed one shows how far its stored points got. A running one takes the
 * furthest of its latest event (`eventFraction`), its stored points (the page was reloaded since) and the clock:
 * getting ready (measuring the starting model) sends no event for a while, and the budget is time, so the clock moves
 * the bar meanwhile. The clock stops short of the end, which the run's own event marks.
 */
export function runFraction(run: TrainingRun | null, eventFraction: number, nowMs: number): number {
  if (!run) return 0;
  if (run.status === 'done') return 1;
  const last = run.points.at(-1);
  const stored = last ? Math.min(1, last.elapsedSec / (run.config.minutes * 60)) : 0;
  if (run.status !== 'running') return stored;
  const byClock = Math.min(0.99, (nowMs - Date.parse(run.createdAt)) / (run.config.minutes * 60_000));
  return Math.max(eventFraction, stored, Number.isFinite(byClock) ? byClock : 0);
}
