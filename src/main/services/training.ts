import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileErrorReason } from '../file-errors.js';
import type { LearningPoint, ModelInfo, TrainingRequest, TrainingRun } from '../../shared/api.js';
import { AppError, inputError, toErrorData } from '../../shared/errors.js';
import type { ServiceContext } from './context.js';
import { safeFileName } from './file-names.js';
import { notStored } from './stored.js';
import { heldOutAtEnd, judgeChanged } from './held-out-at-end.js';
import { readModelSummary, trainedPastStart } from './model-card.js';
import { restateVerdictFigures } from './verdict-figures.js';
import { activationGuard, noStepVerdict } from './training-verdict.js';
import { bandOfDay, modelForDay, registerModel, resolveModel } from './models.js';
import { type HoldoutComparison, onDays, splitHoldout } from '../../shared/holdout.js';
import { someOf } from '../../shared/some-of.js';
import { abortForApp } from '../jobs/app-stopping.js';
import { stopKeepsModel } from '../jampr/train/phases.js';
import { SaveGate } from '../jampr/train/save-gate.js';
import { clipped } from '../../shared/issues.js';
import { carriedCustomers, type Instance } from '../../shared/domain.js';
import { MAX_MODEL_CUSTOMERS } from '../../shared/limits.js';
import { modelSizeRefusal } from '../../shared/model-limits.js';
import { messageNumber } from '../../shared/number-text.js';

interface ActiveRun {
  /** `byApp`: the app is stopping (a quit, SIGTERM), not the dispatcher cancelling; the run's record says which. */
  stop(byApp: boolean): void;
  finished: Promise<TrainingRun>;
  /** What the run is doing where it trains no step, as its latest progress said (TrainingRun.phase). */
  phase(): string | undefined;
  /** What a stop does to the run, in a line: said at once where the app stops during it (the web mode on stderr). */
  stopping(): string;
  /** Closed where the app quits at once (a second SIGTERM or Ctrl-C): waits for a checkpoint being written, lets none start. */
  gate: SaveGate;
}

/**
 * Training runs in the worker while the app stays usable. `training:start` answers at once with the stored
 * run; each learning-curve point is stored and pushed as an event; the end stores the model and the outcome.
 * A run starts from the model that plans the policy and size today (untrained weights only when asked), learns
 * from the user's days but the most recent ones, and its model is activated only if it plans those held-out
 * days better than the models that plan them today (each day its own: activated, the new model plans the days of the
 * size bands it was judged on, src/shared/model-choice.ts). One run at a time: the worker has one thread to give.
 */
export function trainingServices(ctx: ServiceContext) {
  const { trainingRuns, models } = ctx.store;
  const active = new Map<number, ActiveRun>();

  const requireRun = (id: number): TrainingRun => {
    const run = trainingRuns.get(id);
    if (!run) throw inputError(`there is no training run with id ${id}`);
    return run;
  };

  function start(request: TrainingRequest): TrainingRun {
    // Not the request's mistake but the app's state (a run started in another window or tab): a conflict, 409 over HTTP.
    const busy = [...active.keys()][0];
    if (busy !== undefined) {
      const name = trainingRuns.get(busy)?.config.name;
      throw new AppError(
        'conflict',
        `training run ${busy}${name ? ` (${clipped(name)})` : ''} is running, and one runs at a time: wait for it to finish, or cancel it, then start this one`,
      );
    }
    // In the order they were stored, so that the held-out days are the most recent ones.
    const ids = [...request.instanceIds].sort((a, b) => a - b);
    const stored = ids.map((id) => ctx.store.instances.get(id));
    // An id no instance ever had is the request's mistake (a typo, another database's id), not a deletion elsewhere.
    const missing = ids.filter((_, i) => !stored[i]);
    const never = missing.filter((id) => !ctx.store.instances.everStored(id));
    if (missing.length > 0) {
      // Named by id here, where they are gone; the window that ticked them says their names (known-names.ts).
      const gone = { what: 'days' as const, ids: missing, words: `id ${someOf(missing, 5)}` };
      throw notStored(never.length === 0, {
        never: `there is no instance with id ${someOf(never, 5)}, and there never was: choose the days to learn from among the stored ones (instances:list)`,
        gone: `${missing.length === 1 ? 'one of the chosen days was' : `${missing.length} of the chosen days were`} deleted since the list was shown (${gone.words}): choose the days again`,
        missing: gone,
      });
    }
    const days = stored.map((s) => s!.instance);
    const { learn, holdout } = splitHoldout(days);
    const heldIds = ids.slice(ids.length - holdout.length);
    // Judging plans each held-out day with both models after the training minutes; a day no learned model plans would
    // fail the run then, its minutes lost and its folder removed: refused now, before anything runs.
    const unjudgeable = holdout.filter((day) => modelSizeRefusal(carriedCustomers(day).length) !== null);
    if (unjudgeable.length > 0)
      throw inputError(
        `${someOf(
          unjudgeable.map((day) => `“${clipped(day.name)}” (${messageNumber(carriedCustomers(day).length)} customers)`),
          3,
        )} would be held out to judge the new model, and the learned models plan at most ${messageNumber(MAX_MODEL_CUSTOMERS)} customers: untick ${unjudgeable.length === 1 ? 'it' : 'them'} (the next most recent days are then held out)`,
      );
    const current = currentModel(request);
    // Each held-out day is compared with the plan the app makes of it today, by the model of its size band: a day of 39
    // stops with the N=50 model (or the model active for that band) whatever size the run trains.
    const compared = planningModels(request, holdout);
    // The size band of each: a model that wins is activated for the bands it was judged on, and no other.
    const bands = holdout.map((day) => bandOfDay(ctx, 'jampr', request.variant, day));
    // A start model asked for passes the plan's check (resolveModel): a JAMPR model of this policy, any size (a run at
    // another size is a curriculum step); another would fail the run once it loads.
    const from =
      request.fromModelId !== undefined
        ? resolveModel(ctx, 'jampr', request.variant, request.size, request.fromModelId)
        : request.fromScratch
          ? null
          : current;
    if (request.name?.trim() === '') throw inputError('the model name is empty: give the model a name');
    const name =
      request.name?.trim() ?? `jampr-${request.variant}-n${request.size}-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '')}`;
    if (models.nameTaken(name)) throw inputError(`a model named ${clipped(name)} already exists: choose another name`);
    // The model's folder is its name written for the disk: two names may write alike ("north depot", "north_depot"),
    // and a name of dots would write into the models folder's parent. Neither may overwrite another model's files.
    // Folders are compared without case, as the disks of macOS and Windows compare them.
    const folder = safeFileName(name);
    if (!/[\p{L}\p{N}]/u.test(folder))
      throw inputError(`the model name ${clipped(name)} cannot name a folder: use letters or digits in it`);
    const taken = existsSync(ctx.modelsDir) ? readdirSync(ctx.modelsDir).find((f) => f.toLowerCase() === folder.toLowerCase()) : undefined;
    if (taken)
      throw inputError(
        `the model name ${clipped(name)} would be stored in the folder ${clipped(taken)}, which holds another model's files: choose another name`,
      );

    // The name is stored with the run so that a checkpoint left by a killed app can still be found.
    const run = trainingRuns.start({ ...request, name });
    const controller = new AbortController();
    const gate = new SaveGate();
    const job = {
      variant: request.variant,
      size: request.size,
      minutes: request.minutes,
      instances: learn,
      holdout,
      fromDir: from?.folder ?? null,
      compareDir: current?.folder ?? null,
      compareDirs: compared.map((m) => m?.folder ?? null),
      outDir: join(ctx.modelsDir, folder),
      name,
      saveGate: gate.buffer,
    };
    // Where the store cannot be written any more (its file was deleted or replaced, file-guard.ts), the run stops:
    // nothing it learns could be recorded. Its checkpoint stays on disk for the next start to find.
    let storeLost: unknown = null;
    /** The latest progress's phase: none while steps are trained (a point says so). */
    let phase: string | undefined;
    /** Set once a stop keeps a model (the trainer took, or is taking, its first step). */
    let keepsModel = false;
    const progress = (event: { fraction: number; point?: LearningPoint; phase?: string }) => {
      phase = event.phase;
      keepsModel ||= stopKeepsModel(event);
      ctx.emit('training:progress', { runId: run.id, ...event });
    };
    /** The app stopped during the run or its judging (a quit, SIGTERM): nothing is judged after that. */
    let appStopping = false;
    /** The dispatcher's Cancel came first: the app's stop then only cut its judging short. */
    let cancelled = false;
    /**
     * How a run that was stopped is recorded, the one rule for it: a dispatcher's Cancel as cancelled (the app stopping
     * during its judging too); the app stopping during the run as stopped, which the Training tab reads as "stopped when
     * the app closed", its verdict saying whether a model was kept.
     */
    const recordStopped = (model: ModelInfo | null, verdict: string) =>
      trainingRuns.finish(run.id, appStopping && !cancelled ? 'stopped' : 'cancelled', model, null, verdict)!;
    /** The run's comparison with the held-out days changed during it judged as stored now (held-out-at-end.ts). */
    const judgeAgain = (comparison: HoldoutComparison, changed: (Instance | null)[], names: string[]) => {
      const phase = `judging ${someOf(
        names.filter((_, d) => changed[d]).map((n) => `“${clipped(n)}”`),
        3,
      )} as stored now: changed during the run`;
      progress({ fraction: 1, phase });
      const dirs = compared.map((m) => m?.folder ?? null);
      return judgeChanged(ctx, request.variant, comparison, changed, names, job.outDir, dirs);
    };
    const execute = async (): Promise<TrainingRun> => {
      let outcome: TrainingRun;
      try {
        const result = await ctx.jobs.run('train', job, {
          signal: controller.signal,
          onProgress: ({ point, fraction, phase: doing }) => {
            if (storeLost) return;
            try {
              if (point) trainingRuns.appendPoint(run.id, point);
            } catch (err) {
              storeLost = ctx.store.failureBehind(err);
              controller.abort();
              return;
            }
            progress({ fraction, ...(point ? { point } : {}), ...(doing ? { phase: doing } : {}) });
          },
        });
        if (storeLost) throw storeLost;
        // Read before the new model is registered: the model that plans this policy now (the dispatcher may have
        // activated another during the run).
        const inUse = planningModels(request, holdout);
        // A model that took no training step is the one it started from (or untrained weights): nothing in it is worth
        // activating or listing beside the original, so its folder goes and the verdict says why.
        const summary = result.outDir !== null ? readModelSummary(result.outDir) : null;
        const stepped = summary !== null && trainedPastStart(summary, from?.card ?? null);
        const leftBehind = result.outDir && !stepped ? removeRunFolder(result.outDir, name) : null;
        const model = result.outDir && summary && stepped ? registerModel(ctx.store, result.outDir, false, summary) : null;
        // Without a model no step was trained: its folder went above, or (cancelled before the first step) none was written.
        // A held-out day deleted during the run (another window) no longer counts: the model is judged on the days still
        // stored, which are the dispatcher's history now. Its plans were made of the copy read at the start, and so
        // were a day's changed during the run: that one is planned again by both models as it is stored now.
        const { still, changed, names } = heldOutAtEnd(ctx, heldIds, holdout);
        const deleted = holdout.filter((_, d) => !still[d]).map((d) => d.name);
        const rejudged =
          model && result.comparison && changed.some((day) => day !== null) ? await judgeAgain(result.comparison, changed, names) : null;
        const comparison = rejudged?.comparison ?? result.comparison;
        const judged = comparison && deleted.length ? onDays(comparison, still) : comparison;
        // The curve's last point and the card's measured the days as read at the start: restated as the verdict judges them.
        if (judged && judged.days > 0 && (deleted.length > 0 || (rejudged?.judgedNow.length ?? 0) > 0))
          await restateVerdictFigures(
            ctx,
            run.id,
            model,
            judged,
            from !== null && compared.every((m, d) => !still[d] || m?.id === from.id),
          );
        const verdict = model
          ? activationGuard(models, model, {
              compared,
              bands,
              inUse,
              still,
              heldOut: names,
              comparison: judged,
              atStart: result.comparison,
              cancelled: result.cancelled,
              byApp: appStopping,
              deleted,
              changed: { now: rejudged?.judgedNow ?? [], asBefore: rejudged?.judgedAsBefore ?? [] },
            })
          : noStepVerdict(name, from, request.minutes, result.cancelled) + (leftBehind ? ` But ${leftBehind}.` : '');
        outcome = result.cancelled ? recordStopped(model, verdict) : trainingRuns.finish(run.id, 'done', model, null, verdict)!;
      } catch (err) {
        // The store closed under the run (its file went, file-guard.ts) before a point of it could tell: as lost.
        if (!storeLost && !ctx.store.db.open) storeLost = ctx.store.failureBehind(err);
        const error = toErrorData(storeLost ?? err);
        const status = error.kind === 'cancelled' ? 'cancelled' : 'failed';
        // A failed run's folder (no other model's: the name was checked free above) would block its name for good. Where
        // the store was lost the checkpoint stays for the next start to find (interrupted-training.ts).
        const leftBehind = status === 'failed' && !storeLost ? removeRunFolder(job.outDir, name) : null;
        const message = status === 'failed' ? [error.message, leftBehind].filter((part) => part !== null).join('; ') : null;
        try {
          // Stopped before the worker took it up (it was busy with a plan), or as it did: nothing was trained or written.
          outcome =
            status === 'cancelled'
              ? recordStopped(null, noStepVerdict(name, from, request.minutes, true))
              : trainingRuns.finish(run.id, status, null, message)!;
        } catch (stored) {
          // The end cannot be stored either: the window still hears how the run ended.
          outcome = { ...run, status: 'failed', error: toErrorData(ctx.store.failureBehind(stored)).message };
        }
      }
      active.delete(run.id);
      ctx.emit('training:finished', { run: outcome });
      return outcome;
    };
    const finished = execute();
    const stop = (byApp: boolean) => {
      if (!byApp) {
        cancelled ||= !appStopping;
        controller.abort();
        return;
      }
      appStopping = true;
      // The app's stop is what the job hears, after a Cancel too (its judging): its model is not judged after it.
      abortForApp(controller);
    };
    const stopping = () =>
      `training run ${run.id} (${clipped(name)}): ${
        cancelled
          ? keepsModel
            ? `it was cancelled and its model is being judged: the judging stops, the model is kept as ${clipped(name)}, not judged and not activated`
            : 'it was cancelled before its first training step, so no model is kept'
          : keepsModel
            ? `the model trained so far is kept as ${clipped(name)} (the step under way is finished and saved first), not judged and not activated`
            : 'it took no training step yet, so no model is kept'
      }`;
    active.set(run.id, { stop, finished, phase: () => phase, stopping, gate });
    return run;
  }

  /**
   * Removes the folder of a run that keeps no model, so that its name can be trained again. Where it cannot go (no
   * permission, a file in its path) the run must still end and free the worker: the problem is returned in words for
   * its record, never thrown.
   */
  function removeRunFolder(dir: string, name: string): string | null {
    try {
      rmSync(dir, { recursive: true, force: true });
      return null;
    } catch (err) {
      return `its folder ${dir} could not be removed (${fileErrorReason(err)}): remove it by hand to use the name ${clipped(name)} again`;
    }
  }

  /** The JAMPR model that plans this policy and size today (the planner's own rule), if any. */
  function currentModel(request: TrainingRequest): ModelInfo | null {
    try {
      return resolveModel(ctx, 'jampr', request.variant, request.size);
    } catch {
      return null;
    }
  }

  /** The JAMPR model that plans each of `days` today (plans:create's rule, modelForDay), null where none plans the policy. */
  function planningModels(request: TrainingRequest, days: readonly Instance[]): (ModelInfo | null)[] {
    return days.map((day) => {
      try {
        return modelForDay(ctx, 'jampr', request.variant, day);
      } catch {
        return null;
      }
    });
  }

  /** A running run with what it is doing (TrainingRun.phase): the phase travels with its state to every window. */
  const withPhase = (run: TrainingRun): TrainingRun => {
    const phase = run.status === 'running' ? active.get(run.id)?.phase() : undefined;
    return phase ? { ...run, phase } : run;
  };

  const handlers = {
    'training:start': start,
    /** Cancels and waits until the worker has stopped, so the answer carries the final status. */
    'training:cancel': async ({ id }: { id: number }) => {
      const run = active.get(id);
      if (!run) return requireRun(id);
      run.stop(false);
      return run.finished;
    },
    'training:status': ({ id }: { id: number }) => withPhase(requireRun(id)),
    'training:list': () => trainingRuns.list().map(withPhase),
  };
  /**
   * For shutdown (a quit, SIGTERM): stops the runs in progress as interrupted by the app, and waits for their records.
   * What becomes of each is told to `say` first, at once: the step under way and the checkpoint may take seconds.
   */
  const stopForShutdown = (say: (line: string) => void = () => {}) =>
    Promise.all(
      [...active.values()].map((r) => {
        say(r.stopping());
        r.stop(true);
        return r.finished;
      }),
    );
  /**
   * For quitting at once (a second SIGTERM or Ctrl-C while the app stops): no checkpoint of a run in progress is cut in
   * half. Waits for one being written (well under a second) and lets none start; the run stays 'running' in the store,
   * and the next start records it as interrupted, with its last complete checkpoint (interrupted-training.ts).
   */
  const haltForExit = () => Promise.all([...active.values()].map((r) => r.gate.close()));
  return { handlers, stopForShutdown, haltForExit };
}
