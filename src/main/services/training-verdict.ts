import type { ModelInfo } from '../../shared/api.js';
import { someDaysWords } from '../../shared/model-choice.js';
import {
  type ChangedDuringRun,
  comparedModelsText,
  enoughToJudge,
  type HoldoutComparison,
  holdoutWords,
  MIN_DAYS_TO_JUDGE,
  plannedBetter,
  TICK_MORE_DAYS,
} from '../../shared/holdout.js';

/** The verdict's advice where too few days were held out: which days to tick for a run that can activate its model. */
const TICK_MORE = `${TICK_MORE_DAYS} to hold ${MIN_DAYS_TO_JUDGE} of them out`;

/** What a run's end judged its model on (services/training.ts), each list in the order of the held-out days. */
export interface Judging {
  /** The model each held-out day was compared with: the one that planned it as the run started (null: none). */
  compared: readonly (ModelInfo | null)[];
  /** The size band of each held-out day as the run started (sizeBand; undefined: no model planned the policy). */
  bands: readonly (number | undefined)[];
  /** The model that plans each held-out day as the run ends. */
  inUse: readonly (ModelInfo | null)[];
  /** Whether each held-out day is still stored (one deleted during the run is left out). */
  still: readonly boolean[];
  /** Each held-out day's name as stored at the end (a deleted one's as read at the start). */
  heldOut: readonly string[];
  /** The comparison on the days judged (deleted days left out, changed ones as stored now); null: no held-out days. */
  comparison: HoldoutComparison | null;
  /** The comparison on every held-out day as read at the start: what the run measured. */
  atStart: HoldoutComparison | null;
  cancelled: boolean;
  /** The app stopped during the run or its judging (a quit, SIGTERM): nothing is judged after that (jobs/train.ts). */
  byApp: boolean;
  /** The names of the held-out days deleted during the run. */
  deleted: readonly string[];
  changed: ChangedDuringRun;
}

/**
 * The activation guard: the new model replaces the current one only if its greedy plans of at least
 * MIN_DAYS_TO_JUDGE held-out days leave fewer customers unserved, or as few at a lower cost day by day (plannedBetter,
 * shared/holdout.ts: the geometric mean of each day's cost ratio, so a big or planar day does not outweigh the others); the verdict says
 * which way it went and why, in the figures the Plan view shows. Each held-out day was compared with the model that
 * planned it when the run started (`compared`, day by day); where another plans one at its end (`inUse`), nothing is
 * activated over the dispatcher's choice on a comparison with a model no longer planning.
 */
export function activationGuard(models: ActivatingModels, model: ModelInfo, judging: Judging): string {
  const { cancelled, deleted, changed } = judging;
  const days = <T>(byDay: readonly T[]) => byDay.filter((_, d) => judging.still[d]);
  const [compared, inUse, heldOut] = [days(judging.compared), days(judging.inUse), days(judging.heldOut)];
  /**
   * Activates the model for the size bands of the days judged (for every size where no model planned the policy
   * before: no band); the days it plans in words where they are not every size, else null.
   */
  const activate = (): string | null => {
    const bands = days(judging.bands);
    const known = bands.filter((band) => band !== undefined);
    const now = models.activate(model.id, known.length === bands.length && known.length > 0 ? [...new Set(known)] : undefined);
    return now ? someDaysWords(models.list(), now) : null;
  };
  const { comparison, atStart } = judging;
  const activatable = ' It can be activated under Models.';
  if (!atStart && judging.byApp && judging.heldOut.length > 0) {
    // Planned by neither model, so not worse as far as is known: activating it by hand is offered.
    const n = judging.heldOut.length;
    const current = namesOf(judging.compared);
    return `${model.name} was not activated: the app stopped before it was judged, so it was not compared${current ? ` with ${current}` : ''} on its ${n} held-out day${n === 1 ? '' : 's'}.${activatable}`;
  }
  if (!comparison || !atStart) {
    return `${model.name} was not activated: there were no held-out days of yours to compare it on (${TICK_MORE}).`;
  }
  if (comparison.days === 0) {
    // The only measurement is the one on the days as read at the start: said, and activating by hand not offered where
    // it was worse.
    const { on, fresh, current: was, dayByDay } = holdoutWords(atStart, deleted);
    const current = namesOf(judging.compared);
    const against = was === null || dayByDay === null || !current ? '' : ` against ${was} for ${current}, ${dayByDay}`;
    return `${model.name} was not activated: its ${deleted.length} held-out days were all deleted during the run, so none is left to judge it on; as read at the start, the ${on}: ${fresh}${against}.${plannedBetter(atStart) === false ? '' : activatable}`;
  }
  // Named, so that the dispatcher knows which of the days were judged on (the most recently stored, not edited).
  const { on, fresh, current: was, dayByDay, tooFew } = holdoutWords(comparison, heldOut, deleted, changed);
  const better = plannedBetter(comparison);
  const current = namesOf(compared);
  // A run that was stopped (Cancel) changes nothing: its model is judged and kept, not activated.
  // Activating it by hand is offered as for too few days: not where it planned the held-out days worse.
  if (cancelled) {
    const against = was === null || dayByDay === null || !current ? '' : ` against ${was} for ${current}, ${dayByDay}`;
    return `${model.name} was not activated: the run was stopped before its end; ${on}: ${fresh}${against}.${better === false ? '' : activatable}`;
  }
  if (inUse.some((m, d) => (m?.id ?? null) !== (compared[d]?.id ?? null))) {
    const against = current ? `, and it was compared with ${current}` : '';
    return `${model.name} was not activated: the model planning this policy changed during the run (now ${namesOf(inUse) ?? 'none'})${against}; ${on}: ${fresh}.${activatable}`;
  }
  if (was === null || dayByDay === null || !current) {
    const some = activate();
    return `${model.name} is now active${some ? ` for ${some}` : ''} (no model planned this policy before); ${on}: ${fresh}.`;
  }
  const against = `${on} ${fresh} against ${was} for ${current}, ${dayByDay}`;
  if (!enoughToJudge(comparison)) {
    // Activating by hand is offered only where the few days point that way: not for a model that planned them worse.
    // Too few because held-out days were deleted during the run: the dispatcher ticked days enough, so "tick more" would mislead.
    const more =
      deleted.length > 0 && comparison.days + deleted.length >= MIN_DAYS_TO_JUDGE
        ? `${deleted.length} ${deleted.length === 1 ? 'was' : 'were'} deleted during the run: train again to hold out ${MIN_DAYS_TO_JUDGE} of the days still stored`
        : TICK_MORE;
    return `${model.name} was not activated: ${tooFew(more)}; ${against}.${better ? activatable : ''}`;
  }
  if (better) {
    // The days of another size band keep their model: said where there are such days.
    const some = activate();
    const where = some ? ` for ${some}, in place of ${current} there (days of other sizes keep their model)` : '';
    return `${model.name} is now active${where}: ${against}.`;
  }
  return `${model.name} was not activated: ${against}, which stays in use.`;
}

/** What the guard needs of the models: to activate one for size bands, and the list its words are drawn from. */
export interface ActivatingModels {
  activate(id: number, bands?: readonly number[]): ModelInfo | undefined;
  list(): ModelInfo[];
}

/** The models that plan the held-out days, in words (comparedModelsText); null where none plans the policy. */
function namesOf(byDay: readonly (ModelInfo | null)[]): string | null {
  return comparedModelsText(byDay.map((m) => m?.name ?? null));
}

/**
 * A run whose minutes went to measuring the model it started from and fitting its pair bias, with no training step
 * after them, says so: its model would have seen no more instances than the one it started from, so none was kept.
 */
export function noStepVerdict(name: string, from: ModelInfo | null | undefined, minutes: number, cancelled: boolean): string {
  const unchanged = from ? `${from.name} unchanged` : 'the untrained weights';
  if (cancelled) return `${name} was not kept: the run was stopped before its first training step, so it would be ${unchanged}.`;
  return `${name} was not kept: no training step fitted in its ${minutes} minute${minutes === 1 ? '' : 's'} (getting ready took them), so it would be ${unchanged}; give it more minutes to learn from your days.`;
}
