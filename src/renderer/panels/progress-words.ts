/**
 * What the progress card shows of a run and what a screen reader says of its bar: the share done, or, where none can
 * be told yet (a model reading a 1,000-stop day before it places a stop), no percentage at all, only what goes on.
 */

/** A run's progress as the 'plan:progress' events report it (use-plan-job.ts keeps the latest). */
export interface JobProgress {
  fraction: number;
  message: string;
  /** No share of the work can be told yet: the card shows activity and the message, not a percentage. */
  indeterminate?: boolean;
}

export interface ProgressShown {
  /** 0 to 100, or null while the share of the work cannot be told. */
  percent: number | null;
  /** The bar's words ("Planning: 12 %, placing stops, 120 of 1,000"). */
  said: string;
}

export function progressShown(label: string, { fraction, message, indeterminate }: JobProgress): ProgressShown {
  const percent = indeterminate ? null : Math.round(Math.min(1, Math.max(0, fraction)) * 100);
  const what = message.trim();
  const how = percent === null ? '' : `${percent} %`;
  return { percent, said: `${label}: ${[how, what].filter((part) => part !== '').join(', ')}` };
}
