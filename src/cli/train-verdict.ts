import type { TrainJobResult } from '../main/jobs/protocol.js';
import { enoughToJudge, holdoutWords, MIN_DAYS_FOR_HOLDOUT, MIN_DAYS_TO_ACTIVATE, plannedBetter } from '../shared/holdout.js';

/** What `jampr train` knows when it says whether its model is better than the one it was compared with. */
export interface VerdictInput {
  /** The new model's name and the folder it was written to, as the user gave it. */
  name: string;
  out: string;
  result: Pick<TrainJobResult, 'outDir' | 'cancelled' | 'comparison' | 'validation'>;
  /** The names of the held-out days (the last ones of --instances). */
  heldOut: string[];
  /** How many days --instances gave (0 without it). */
  days: number;
  /** The name of the model the new one was compared with: the one it started from, else the one jampr plans with. */
  compared: string | null;
  /** The name of the model it started from (--from); null for untrained weights. */
  from: string | null;
}

export interface Verdict {
  /**
   * Judged better by the app's rule (it would be activated): planned at least MIN_DAYS_TO_JUDGE held-out days better in a
   * run that ran to its end; false where it planned them worse (with none held out: its validation instances worse
   * than when the run started); null where it was not judged.
   */
  better: boolean | null;
  said: string;
}

/**
 * `jampr train`'s verdict on its model, by the Training tab's rule (shared/holdout.ts) in the command's words: the app
 * activates a model only where it is better, and keeps the others without activating them; the command never makes
 * its model the one `jampr plan` takes unasked (train.ts refuses an --out where it would be), so it says where it is
 * kept and how to plan with it. Null where nothing was judged (no --instances, no worse validation) or nothing written.
 */
export function trainVerdict({ name, out, result, heldOut, days, compared, from }: VerdictInput): Verdict | null {
  if (result.outDir === null) return null;
  const kept = (who: string) => `${who} is kept in ${out} and plans only where asked for (jampr plan --model ${out})`;
  const asked = kept('it');
  const { comparison } = result;
  // A stopped run is not compared (train.ts: Ctrl-C asks it to stop), so its held-out days judge nothing.
  if (!comparison && result.cancelled && heldOut.length > 0) {
    const held = `${heldOut.length} held-out day${heldOut.length === 1 ? '' : 's'}`;
    return {
      better: null,
      said: `${name} is not judged: the run was stopped, so it was not compared${compared ? ` with ${compared}` : ''} on the ${held}; ${asked}`,
    };
  }
  if (!comparison) {
    // Without held-out days the run's own validation instances are all there is to judge by: worse there, it is not
    // better, however short the run (a step or two of 16 instances can leave a model worse than it started).
    const { start, end } = result.validation;
    if (start !== null && end !== null && end > start) {
      const worse = `it plans its validation instances worse than when this run started (greedy cost ${start.toFixed(1)} -> ${end.toFixed(1)})`;
      // Untrained weights are not kept anywhere, so "keep planning with the model it started from" is advice for --from only.
      const advice = from
        ? `keep planning with ${from}: ${kept(name)}`
        : `the untrained weights it started from were not kept: train longer, or start --from a shipped model; ${asked}`;
      return { better: false, said: `${name} is not better than ${from ?? 'the untrained weights it started from'}: ${worse}; ${advice}` };
    }
    if (days === 0) return null;
    return {
      better: null,
      said: `${name} was not compared with another model: ${days} day${days === 1 ? '' : 's'} in --instances hold${days === 1 ? 's' : ''} none out to compare on (give at least ${MIN_DAYS_FOR_HOLDOUT}); ${asked}`,
    };
  }
  const { on, fresh, current, dayByDay, tooFew } = holdoutWords(comparison, heldOut);
  const better = plannedBetter(comparison);
  if (better === null || current === null || dayByDay === null || compared === null)
    return { better: null, said: `${name} had no model to compare with; ${on}: ${fresh}; ${asked}` };
  const against = `${on} ${fresh} against ${current} for ${compared}, ${dayByDay}`;
  // As in the app: a stopped run's model is judged and kept, never made the model in use.
  if (result.cancelled)
    return {
      better: better ? null : false,
      said: `${name} is not judged better: the run was stopped before its end; ${against}; ${asked}`,
    };
  if (!enoughToJudge(comparison))
    return {
      better: better ? null : false,
      said: `${name} is not judged better: ${tooFew(`give --instances ${MIN_DAYS_TO_ACTIVATE} or more days`)}; ${against}; ${asked}`,
    };
  if (better) return { better: true, said: `${name} is better than ${compared}: ${against}; plan with it: jampr plan --model ${out}` };
  return { better: false, said: `${name} is not better than ${compared}: ${against}; keep planning with ${compared}: ${kept(name)}` };
}
