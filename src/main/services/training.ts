import { join } from 'node:path';
import type { TrainingRequest, TrainingRun } from '../../shared/api.js';
import { inputError, toErrorData } from '../../shared/errors.js';
import type { ServiceContext } from './context.js';
import { requireInstance, safeFileName } from './instances.js';
import { registerModel } from './models.js';

interface ActiveRun {
  controller: AbortController;
  finished: Promise<TrainingRun>;
}

/**
 * Training runs in the worker while the app stays usable. `training:start` answers at once with the stored
 * run; each learning-curve point is stored and pushed as an event; the end stores the model and the outcome.
 * One run at a time: the worker has one thread to give.
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
    const busy = [...active.keys()][0];
    if (busy !== undefined) throw inputError(`training run ${busy} is still running: cancel it or wait for it to finish`);
    const instances = request.instanceIds.map((id) => requireInstance(ctx, id).instance);
    const from = request.fromModelId !== undefined ? models.get(request.fromModelId) : defaultStart(request);
    if (request.fromModelId !== undefined && !from) throw inputError(`there is no model with id ${request.fromModelId}`);
    const name = request.name ?? `jampr-${request.variant}-n${request.size}-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '')}`;
    if (models.nameTaken(name)) throw inputError(`a model named ${name} already exists: choose another name`);

    const run = trainingRuns.start(request);
    const controller = new AbortController();
    const job = {
      variant: request.variant,
      size: request.size,
      minutes: request.minutes,
      instances,
      fromDir: from?.folder ?? null,
      outDir: join(ctx.modelsDir, safeFileName(name)),
      name,
    };
    const execute = async (): Promise<TrainingRun> => {
      let outcome: TrainingRun;
      try {
        const result = await ctx.jobs.run('train', job, {
          signal: controller.signal,
          onProgress: ({ point, fraction }) => {
            trainingRuns.appendPoint(run.id, point);
            ctx.emit('training:progress', { runId: run.id, point, fraction });
          },
        });
        const model = result.outDir ? registerModel(ctx.store, result.outDir, false) : null;
        outcome = trainingRuns.finish(run.id, result.cancelled ? 'cancelled' : 'done', model?.id ?? null, null)!;
      } catch (err) {
        const error = toErrorData(err);
        const status = error.kind === 'cancelled' ? 'cancelled' : 'failed';
        outcome = trainingRuns.finish(run.id, status, null, status === 'failed' ? error.message : null)!;
      }
      active.delete(run.id);
      ctx.emit('training:finished', { run: outcome });
      return outcome;
    };
    const finished = execute();
    active.set(run.id, { controller, finished });
    return run;
  }

  /** Continue from the active JAMPR model of this variant and size, if there is one; else start fresh. */
  function defaultStart(request: TrainingRequest) {
    return models
      .list()
      .find((m) => m.active && m.card.method === 'jampr' && m.card.variant === request.variant && m.card.size === request.size);
  }

  const handlers = {
    'training:start': start,
    /** Cancels and waits until the worker has stopped, so the answer carries the final status. */
    'training:cancel': async ({ id }: { id: number }) => {
      const run = active.get(id);
      if (!run) return requireRun(id);
      run.controller.abort();
      return run.finished;
    },
    'training:status': ({ id }: { id: number }) => requireRun(id),
    'training:list': () => trainingRuns.list(),
  };
  /** For shutdown and tests: waits for the runs in progress. */
  const settle = () => Promise.all([...active.values()].map((r) => r.finished));
  return { handlers, settle };
}
