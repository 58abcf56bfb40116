/**
 * Hand edits of the plan on screen: every move is re-scored by main in check mode (violations come back, never
 * an error), and the edited routes can be stored as a new plan. Routes without a score (a move just made, or one
 * brought back by undo), or scored on an earlier saved version of the instance, are scored here, the latest only.
 * Edits of a day another window changed or deleted are offered a new day rather than lost.
 */
import { useCallback, useEffect, useRef } from 'react';
import type { Routes } from '../../shared/domain.js';
import { useApi } from '../hooks/use-api.js';
import { asErrorData, useNotices, useRunner } from '../hooks/use-notices.js';
import { useStoredDataChanged } from '../state/queries.js';
import { moveStop as moveInRoutes } from '../state/route-edits.js';
import { insertionIndex } from './gantt-model.js';
import type { Workspace } from '../state/use-workspace.js';
import { type DoneElsewhere, doneElsewhere } from '../state/elsewhere-questions.js';

const SAVE_EDITED = 'Save edited plan';
const CHECK_EDITED = 'Check edited plan';

export function usePlanEditing(ws: Workspace) {
  const api = useApi();
  const run = useRunner();
  const { dismissAction, report } = useNotices();
  const changed = useStoredDataChanged();
  const sequence = useRef(0);
  const { plan, edit, changeEdit, scoreEdit, draft } = ws;
  const savedVersion = ws.stored?.updatedAt;

  useEffect(() => {
    // A save of the instance (a window, the fleet) changes what the edited routes break: they are scored again.
    if (!plan || !edit || ((edit.evaluation || edit.dayGone) && edit.scoredOn === savedVersion)) return;
    const mine = ++sequence.current;
    const { routes } = edit;
    void api.call('plans:check', { instanceId: plan.instanceId, variant: plan.variant, routes, fromPlan: plan.id }).then(
      (evaluation) => {
        if (mine === sequence.current) scoreEdit({ routes, evaluation, scoredOn: savedVersion });
      },
      (err) => {
        // Refused as a conflict, the day was deleted in another window: nothing can score the routes any more, and they
        // are marked so, for Save edited plan to offer them as a new day rather than wait for a score that never comes.
        // The plan panel says so where their figures would be, with what to do (edit-day-gone): no banner repeats it
        // in other words. Any other refusal is the banner's.
        if (asErrorData(err).kind !== 'conflict') report(CHECK_EDITED, err);
        else if (mine === sequence.current) scoreEdit({ routes, evaluation: null, scoredOn: savedVersion, dayGone: true });
      },
    );
  }, [api, report, plan, edit, scoreEdit, savedVersion]);

  const moveStop = useCallback(
    async (customerId: string, toRoute: number, position?: number) => {
      if (!plan) return;
      const base = edit?.routes ?? plan.routes;
      // Picked from a list (no place given): where its window opens in the route's day, not after the route's last
      // stop, which would make a morning customer hours late. The schedule is the one on screen (none while re-scored).
      const schedule = edit ? edit.evaluation : plan.evaluation;
      const ready = draft?.customers.find((c) => c.id === customerId)?.ready;
      const at =
        position ?? (schedule && ready !== undefined && toRoute >= 0 ? insertionIndex(schedule.routes[toRoute], ready) : undefined);
      let routes: Routes;
      try {
        routes = moveInRoutes(base, customerId, toRoute, at);
      } catch (err) {
        await run('Move stop', () => Promise.reject(err));
        return;
      }
      changeEdit({ routes, evaluation: null });
    },
    [run, plan, edit, changeEdit, draft],
  );

  const reset = useCallback(() => {
    sequence.current++;
    changeEdit(null);
  }, [changeEdit]);

  const saveEdited = useCallback(async () => {
    if (!plan || !edit) return;
    const refused: { done?: DoneElsewhere } = {};
    // Of the version on screen, as a plan is made: one saved in another window since is refused, not scored anew unseen.
    const saved = await run(
      SAVE_EDITED,
      () =>
        api.call('plans:saveEdited', {
          instanceId: plan.instanceId,
          variant: plan.variant,
          routes: edit.routes,
          fromPlan: plan.id,
          basedOn: savedVersion,
        }),
      // The day was saved or deleted in another window since it was opened here.
      (err) => {
        if (err.kind === 'conflict') refused.done = doneElsewhere(ws.deletedElsewhere, err);
      },
    );
    if (saved) {
      ws.setPlan(saved);
      await changed.instances();
      return;
    }
    // Not left with nowhere to go: offered a new day, and once kept there the refusals (a check's too) are answered.
    if (refused.done && (await ws.saveEditsAsNewDay(SAVE_EDITED, refused.done))) {
      dismissAction(SAVE_EDITED);
      dismissAction(CHECK_EDITED);
    }
  }, [api, run, plan, edit, ws, changed, dismissAction, savedVersion]);

  return { moveStop, reset, saveEdited };
}
