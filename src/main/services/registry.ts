import type { z } from 'zod';
import { CALLS, type CallName, type DataChange, type CallResponse, type CallResult, isCallName } from '../../shared/api.js';
import { AppError, inputError, toErrorData } from '../../shared/errors.js';
import { describeIssues } from '../../shared/issues.js';
import type { Store } from '../store/index.js';
import { storageError } from '../store/storage-errors.js';
import { changesMadeBy } from './announce.js';
import { appServices } from './app.js';
import { compareServices } from './compare.js';
import type { ServiceContext } from './context.js';
import { instanceServices } from './instances.js';
import { keptPlanServices } from './kept-plans.js';
import { modelServices } from './models.js';
import { createPlanner } from './planning.js';
import { planServices } from './plans.js';
import { sheetServices } from './sheets.js';
import { trainingServices } from './training.js';

export type ParsedRequest<C extends CallName> = z.output<(typeof CALLS)[C]['req']>;
/**
 * What a transport knows of the caller: `gone` is aborted when it went away before its answer (a browser tab
 * closed, a window destroyed), so work done only for that answer (a plan, a comparison) stops.
 */
export interface Caller {
  gone?: AbortSignal;
  /** The window or tab that called (its window id, api-changes.ts): the changes the call makes are announced as its. */
  window?: string;
}
/** One implementation per call, given a validated request. */
type Implementations = {
  [C in CallName]: (request: ParsedRequest<C>, caller: Caller) => CallResponse<C> | Promise<CallResponse<C>>;
};
/** What transports call: any input in, a value or an error as data out; never throws. */
export type Handler<C extends CallName> = (request: unknown, caller?: Caller) => Promise<CallResult<CallResponse<C>>>;
export type Handlers = { [C in CallName]: Handler<C> };

export interface Services {
  handlers: Handlers;
  /** Dispatch by a name that came off the wire; an unknown name is an input error. */
  dispatch(name: string, request: unknown, caller?: Caller): Promise<CallResult<unknown>>;
  /**
   * Stops planning (the runs in progress answer 'unavailable') and training (recorded as stopped, not judged), and
   * closes the worker. `say` hears at once, a line each, what becomes of the training runs stopped.
   */
  shutdown(say?: (line: string) => void): Promise<void>;
  /**
   * Before quitting at once, while a shutdown is under way or instead of it: waits only for a checkpoint being written
   * (no model folder is left half written), lets none start, and closes nothing. The training runs in progress are left
   * to the next start, which records them as interrupted (interrupted-training.ts).
   */
  halt(): Promise<void>;
}

/** Builds a validating, error-catching handler for every call in CALLS. */
export function createServices(ctx: ServiceContext): Services {
  const planner = createPlanner(ctx);
  const training = trainingServices(ctx);
  const implementations: Implementations = {
    ...appServices(ctx),
    ...instanceServices(ctx),
    ...planServices(ctx, planner),
    ...keptPlanServices(ctx),
    ...compareServices(ctx, planner),
    ...sheetServices(),
    ...modelServices(ctx),
    ...training.handlers,
  };
  const handlerFor = <C extends CallName>(name: C): Handler<C> => wrap(name, implementations[name], ctx);
  const handlers = {} as Record<CallName, Handler<CallName>>;
  for (const name of Object.keys(CALLS) as CallName[]) handlers[name] = handlerFor(name);

  return {
    handlers: handlers as Handlers,
    dispatch: (name, request, caller) =>
      isCallName(name)
        ? handlers[name](request, caller)
        : Promise.resolve({ ok: false, error: inputError(`unknown call ${name}`).toData() }),
    async shutdown(say) {
      planner.stop();
      await training.stopForShutdown(say);
      await ctx.jobs.close();
    },
    async halt() {
      await training.haltForExit();
    },
  };
}

/**
 * The store's file check runs before every call: a database file gone from under the app refuses it (store/file-guard.ts).
 * What a call changed is announced to every window once it succeeded (announce.ts).
 */
function wrap<C extends CallName>(
  name: C,
  implementation: (request: ParsedRequest<C>, caller: Caller) => unknown,
  { store, emit }: { store: Pick<Store, 'checkFile' | 'failureBehind'>; emit: ServiceContext['emit'] },
): Handler<C> {
  const schema = CALLS[name].req;
  return async (request, caller = {}) => {
    const parsed = schema.safeParse(request);
    if (!parsed.success) {
      const details = describeIssues(parsed.error, request, 'the request');
      // The caller knows which call it made; the message reads in the dispatcher's words, the details name each value.
      return { ok: false, error: inputError('some values are not valid', details).toData() };
    }
    try {
      store.checkFile();
      const value = (await implementation(parsed.data as ParsedRequest<C>, caller)) as CallResponse<C>;
      announce(emit, changesMadeBy(name, parsed.data as ParsedRequest<C>, value), caller);
      return { ok: true, value };
    } catch (err) {
      // An AppError says what went wrong already; anything else may be the file having gone under the call.
      return { ok: false, error: toErrorData(storageError(err) ?? (err instanceof AppError ? err : store.failureBehind(err))) };
    }
  };
}

/** Told to every window; a window that cannot hear it (closed meanwhile) does not turn the call's success into a failure. */
function announce(emit: ServiceContext['emit'], changes: DataChange[], caller: Caller): void {
  for (const change of changes) {
    try {
      emit('data:changed', { change, by: caller.window ?? null });
    } catch {
      // Nobody left to tell: the change is stored all the same, and a window opened later reads it.
    }
  }
}
