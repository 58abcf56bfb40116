import type { CurvePoint } from '../card.js';

/**
 * What a training run writes in its card's notes, in the form of the shipped cards (scripts/fit-pair-bias.ts,
 * scripts/fine-tune-city.ts): this run's notes first, each a sentence, then "Before: " and the notes the model came
 * with, so that an earlier note about another validation set or another fit reads as history, not as this curve's.
 */
export function cardNotes(runLines: readonly string[], earlier: string | undefined): string | undefined {
  const own = runLines.map((line) => (/[.!?]$/.test(line) ? line : `${line}.`)).join(' ');
  if (!earlier) return own || undefined;
  return own ? `${own} Before: ${earlier}` : earlier;
}

/**
 * The note of a curve that restarts because this run validates on another set: its costs and the dropped curve's are
 * on different instances, and a reader comparing the last costs of two cards must see that they do not compare. It says
 * what the points measure: on held-out days (`plans`, the card's validation.measure) the plans' cost in the days' own
 * units, several times apart from the trainer's cost in the model frame on the same days.
 */
export function newValidationSetNote(at: number, set: string, dropped: readonly CurvePoint[], measure?: 'plans'): string {
  const last = dropped.at(-1);
  const earlier = last
    ? `; the earlier curve (to ${last.instances} instances, last cost ${last.cost}) was on another set and does not compare`
    : '';
  const cost =
    measure === 'plans'
      ? "mean cost of the model's JAMPR greedy plans, as the Plan view makes and prices them (the days' own units),"
      : 'greedy training cost (model frame)';
  return `validation curve restarted at ${at} instances on a new set: ${cost} of ${set}${earlier}`;
}

export interface EarlyStop {
  at: Date;
  /** Seconds the run had gone when it stopped, of the minutes asked. */
  seconds: number;
  minutes: number;
  /** Instances trained on in this run, of `maxInstances` where the run was asked to stop at a count. */
  instances: number;
  maxInstances?: number;
  /** Instances trained in all (earlier runs included), and where the curve was last measured. */
  total: number;
  lastValidated: number | null;
}

const NOT_VALIDATED_AFTER_STOP = '; not validated after the stop: the curve ends at ';

/** The note of a run stopped before its end (Ctrl-C, Cancel): a card otherwise reads like a finished run's. */
export function earlyStopNote(s: EarlyStop): string {
  const asked = s.maxInstances === undefined ? '' : `, of the ${s.maxInstances} asked`;
  const minutes = `${s.minutes} minute${s.minutes === 1 ? '' : 's'}`;
  const curve = s.lastValidated !== null && s.lastValidated < s.total ? `${NOT_VALIDATED_AFTER_STOP}${s.lastValidated} instances` : '';
  return (
    `training stopped early at ${s.at.toISOString()}, ${Math.round(s.seconds)} s into the ${minutes} asked, ` +
    `after ${s.instances} instances in this run${asked} (${s.total} in all)${curve}`
  );
}

/**
 * The early-stop note once the saved model has been validated after all: by its verdict's plans of the held-out days,
 * which the app makes of a cancelled run's model (jobs/train.ts). The note no longer says the curve ends before the stop.
 */
export function validatedByVerdictNote(note: string): string {
  const at = note.indexOf(NOT_VALIDATED_AFTER_STOP);
  if (at < 0) return note;
  const rest = note.slice(at + NOT_VALIDATED_AFTER_STOP.length).replace(/^\d+ instances/, '');
  return `${note.slice(0, at)}; validated after the stop by its verdict's plans of the held-out days${rest}`;
}
