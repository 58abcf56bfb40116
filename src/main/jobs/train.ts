import { availableParallelism } from 'node:os';
import { makeVariant } from '../../shared/domain.js';
import { meanCost } from '../../shared/holdout.js';
import type { Problem } from '../vrp/problem.js';
import { carriedPart } from '../vrp/unserved.js';
import { buildProblem } from '../vrp/validate.js';
import type { LearningPoint } from '../../shared/api.js';
import type { DayCosts } from '../jampr/train/train-options.js';
import { greedyPlanPrice } from './greedy-price.js';
import { appStopping } from './app-stopping.js';
import type { HoldoutComparison, JobContext, TrainJob, TrainJobProgress, TrainJobResult } from './protocol.js';

/**
 * Trains a JAMPR model (src/main/jampr/train/train.ts) on the user's stored days, perturbed, with the held-out
 * days as its validation set; then prices the new and the current model on those days so the app can keep the
 * better one. The trainer keeps its latest checkpoint in outDir even when cancelled, so a cancelled run still
 * yields a model, unless it was cancelled before its first training step: then nothing is written (outDir null).
 */
export async function runTrainJob(job: TrainJob, ctx: JobContext<TrainJobProgress>): Promise<TrainJobResult> {
  // TensorFlow.js is loaded only when a model is trained or used; the backend is chosen before the first tensor.
  const { selectBackend } = await import('../jampr/backend/backend.js');
  await selectBackend();
  const { trainModel } = await import('../jampr/train/train.js');
  const { FINE_TUNE_RECIPE, RETRAIN_PAIR_SEARCH } = await import('../jampr/train/recipe.js');
  const seconds = job.minutes * 60;
  const holdout = job.holdout.map(buildProblem);
  // Validated on what the planners plan of each held-out day: its orders bigger than a vehicle left out, as the training
  // days' are (sources.ts); the comparison below plans and prices the whole days, as the Plan view does.
  const validation = job.holdout.flatMap((day) => {
    const carried = carriedPart(day);
    return carried ? [buildProblem(carried)] : [];
  });
  let last: (TrainJobProgress & { point: LearningPoint }) | null = null;
  const report = (progress: TrainJobProgress & { point: LearningPoint }) => {
    last = progress;
    ctx.onProgress(progress);
  };
  const result = await trainModel({
    variant: job.variant,
    size: job.size,
    minutes: job.minutes,
    instances: job.instances,
    fromDir: job.fromDir ?? undefined,
    outDir: job.outDir,
    name: job.name,
    seed: job.seed ?? 1,
    // The batch of each step is split over the cores (the trainer combines their gradients into one update).
    threads: job.threads ?? availableParallelism(),
    validationSet: validation.length ? validation : undefined,
    validationLabel: 'held-out stored days',
    // The curve measures the held-out days as the verdict below does (the plan job's greedy plans, the days' own units).
    validationDays: validation.length ? job.holdout : undefined,
    // From a trained model the run learns the user's days from the classical solver's plans of them: in minutes,
    // that teaches a model a city's layout where REINFORCE barely moves it. From scratch: the default warm start.
    recipe: job.fromDir !== null ? FINE_TUNE_RECIPE : undefined,
    // Fine-tuning a trained model on one user's days: BatchNorm keeps the statistics the model was trained with,
    // and the pair bias is fitted to the days first (a few of the minutes; docs/model.md, "Pair bias").
    freezeNorm: job.fromDir !== null,
    pairSearch: job.fromDir !== null ? RETRAIN_PAIR_SEARCH : undefined,
    // The held-out days whose model today is not the one the run started from (whose plans of them the run's first
    // validation made) are planned with it after the run: its minutes keep time for them, a validation's share each.
    reserveValidations: validation.length ? plannedAfter(job).length / job.holdout.length : 0,
    signal: ctx.signal,
    saveGate: job.saveGate,
    onPhase: ({ label, elapsedSec }) => ctx.onProgress({ fraction: Math.min(1, elapsedSec / seconds), phase: label }),
    onStart: ({ instancesSeen, validationCost, validationUnserved }) =>
      report({
        point: {
          instancesSeen,
          elapsedSec: 0,
          meanCost: null,
          baselineCost: null,
          validationCost,
          ...(validationUnserved !== undefined ? { validationUnserved } : {}),
          steps: 0,
        },
        fraction: 0,
      }),
    onProgress: (p) =>
      report({
        point: {
          instancesSeen: p.instancesSeen,
          elapsedSec: p.elapsedSec,
          meanCost: p.meanCost,
          baselineCost: p.baselineCost,
          validationCost: p.validationCost ?? null,
          ...(p.validationUnserved !== undefined ? { validationUnserved: p.validationUnserved } : {}),
          steps: p.steps,
        },
        fraction: Math.min(1, p.elapsedSec / seconds),
      }),
    // The trainer validates once more when it stops, after the last progress report: that cost belongs to the
    // last step, so the step is reported again with it (otherwise short runs never show a validation point).
    onCheckpoint: async (card) => {
      const validated = card.validation.curve.at(-1);
      if (!last || !validated || last.point.validationCost !== null || validated.instances !== last.point.instancesSeen) return;
      const unserved = validated.unserved !== undefined ? { validationUnserved: validated.unserved } : {};
      report({ ...last, point: { ...last.point, validationCost: validated.cost, ...unserved } });
    },
  });
  const stopped = result.stoppedBy === 'cancelled';
  // Not after a stop where the caller asked so (jampr train), nor once the app is stopping: the plans would outlast it. Nor
  // after a run that took no training step: its model is the one it started from (or untrained weights), which the app
  // and jampr train keep no model of, so there is nothing to judge.
  const compared =
    holdout.length > 0 && result.saved && result.steps > 0 && !(stopped && job.compareWhenStopped === false) && !appStopping(ctx.signal);
  // The run's own plans of the held-out days are the comparison's where they are the same plans (the same model, days and
  // method: plan-validation.ts plans as the plan job does): the saved model's at its last validation (not a cancelled
  // run's, saved unvalidated), the model in use's at the first on the days the run's start model plans today. Planned
  // once, not twice.
  const made = { fresh: result.measured.end, start: result.measured.start };
  if (compared && !comparedWith(job).includes(null) && (!made.fresh || plannedAfter(job, made.start).length > 0))
    ctx.onProgress({
      fraction: 1,
      phase: `comparing the new model with the current one on ${holdout.length} held-out day${holdout.length === 1 ? '' : 's'}`,
    });
  const comparison = compared ? await compareOnHoldout(job, holdout, made, () => appStopping(ctx.signal)) : null;
  // A cancelled run's model was saved without a last validation: the verdict's plans of the held-out days just measured
  // it, as the curve measures, so they end its curve (on the card, for the Models table, and as the last point here).
  let end = result.validation.end;
  if (stopped && comparison) {
    const { addVerdictPoint } = await import('../jampr/train/verdict-point.js');
    const measured = { cost: meanCost(comparison.newCosts), unserved: comparison.newUnserved };
    const added = await addVerdictPoint(job.outDir, measured, result.stoppedEarly);
    if (added !== null) {
      end = added;
      const point = { validationCost: added, validationUnserved: comparison.newUnserved };
      const lastPoint = (last as (TrainJobProgress & { point: LearningPoint }) | null)?.point;
      // The last step reported again with it where it is the step saved, else a point of its own at the saved instances.
      report({
        fraction: 1,
        point:
          lastPoint?.instancesSeen === result.card.instancesTrained
            ? { ...lastPoint, ...point }
            : {
                instancesSeen: result.card.instancesTrained,
                elapsedSec: lastPoint?.elapsedSec ?? 0,
                meanCost: null,
                baselineCost: null,
                steps: result.steps,
                ...point,
              },
      });
    }
  }
  return {
    outDir: result.saved ? job.outDir : null,
    cancelled: stopped,
    stoppedEarly: result.stoppedEarly,
    comparison,
    threads: result.threads,
    validation: { start: result.validation.start, end },
    validationSec: result.validationSecTotal,
  };
}

/** The model that plans each held-out day today (compareDirs, else compareDir for every day); null for none. */
const comparedWith = (job: TrainJob): (string | null)[] => job.compareDirs ?? job.holdout.map(() => job.compareDir);

/**
 * The held-out days (their indices) that the comparison plans after the run with the model that plans them today: those
 * whose model is not the one the run started from, or all where the run's first validation did not plan them (`start`).
 */
function plannedAfter(job: TrainJob, start?: DayCosts | null): number[] {
  const dirs = comparedWith(job);
  if (dirs.includes(null)) return [];
  return dirs.flatMap((dir, d) => (dir === job.fromDir && start !== null ? [] : [d]));
}

/**
 * The new model's JAMPR greedy plans of the held-out days, and each day's by the model that plans it today, made by the
 * plan job itself and priced by the evaluator (so the verdict's figures are the ones the dispatcher sees in the Plan view).
 * Null where the app stops during it (`appStops`, read before each day's plan): the model is then not judged.
 */
async function compareOnHoldout(
  job: TrainJob,
  holdout: Problem[],
  made: { fresh: DayCosts | null; start: DayCosts | null },
  appStops: () => boolean,
): Promise<HoldoutComparison | null> {
  const { runPlanJob } = await import('./plan.js');
  const variant = makeVariant(job.variant);
  // The comparison runs to its end even for a cancelled run where it is made (the app's): that run's model is judged.
  const quiet = { signal: new AbortController().signal, onProgress: () => {} };
  /** Each day's plan by the model in `dirs` for it, or the run's start model's plan of it where that is the same model. */
  const plansOf = async (dirs: string[], start: DayCosts | null): Promise<DayCosts | null> => {
    const costs: number[] = [];
    const unservedByDay: number[] = [];
    for (const d of holdout.keys()) {
      if (appStops()) return null;
      if (start && dirs[d] === job.fromDir) {
        costs.push(start.costs[d]);
        unservedByDay.push(start.unservedByDay[d]);
        continue;
      }
      const { cost, unserved } = await greedyPlanPrice(job.holdout[d], variant, dirs[d], (plan) => runPlanJob(plan, quiet));
      costs.push(cost);
      unservedByDay.push(unserved);
    }
    return { costs, unservedByDay };
  };
  const fresh =
    made.fresh ??
    (await plansOf(
      holdout.map(() => job.outDir),
      null,
    ));
  const dirs = comparedWith(job);
  const current = dirs.includes(null) ? null : await plansOf(dirs as string[], made.start);
  if (fresh === null || appStops()) return null;
  const sum = (days: number[]) => days.reduce((total, u) => total + u, 0);
  return {
    days: holdout.length,
    newCosts: fresh.costs,
    newUnserved: sum(fresh.unservedByDay),
    newUnservedByDay: fresh.unservedByDay,
    currentCosts: current?.costs ?? null,
    currentUnserved: current ? sum(current.unservedByDay) : null,
    currentUnservedByDay: current?.unservedByDay ?? null,
  };
}
