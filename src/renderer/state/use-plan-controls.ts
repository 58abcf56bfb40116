/**
 * The Plan bar's controls and the dispatcher's own choice of them, kept apart. A plan put on screen (planned, opened
 * from the history or Compare, reopened after a reload) sets the controls to how it was made, so that Plan makes it
 * again; that is not the dispatcher's choice, which only their own edits of the controls make. With no plan on screen
 * (a day imported, started, or never planned; the plan shown deleted) the controls show that choice again: a new day
 * is never planned under the policy of whichever plan was looked at last. While they show a plan's settings that
 * differ from the choice, `ownChoice` says the choice, for the header to offer it. The choice is kept in this
 * browser's storage: a reload starts from it, not from the defaults.
 */
import { useCallback, useEffect, useState } from 'react';
import type { StoredPlan } from '../../shared/api.js';
import { type PlanSettings, readOwnSettings, rememberOwnSettings, sameSettings, settingsOfPlan } from './plan-settings.js';

export function usePlanControls(shownPlan: StoredPlan | null) {
  const [own, setOwn] = useState<PlanSettings>(() => readOwnSettings(localStorage));
  const [controls, setControls] = useState<PlanSettings>(own);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a plan newly on screen (or none) sets the controls, not each edit of them
  useEffect(() => {
    setControls((current) => (shownPlan ? settingsOfPlan(shownPlan, current) : own));
  }, [shownPlan?.id]);

  /** The dispatcher set the controls: that is their choice, for this day and the next. */
  const choose = useCallback((next: PlanSettings) => {
    setControls(next);
    setOwn(next);
    rememberOwnSettings(next, localStorage);
  }, []);
  const backToOwn = useCallback(() => setControls(own), [own]);
  // `own` apart from `ownChoice`: the Training tab trains the dispatcher's policy, not the one of the plan looked at last.
  return { controls, own, choose, ownChoice: sameSettings(controls, own) ? null : own, backToOwn };
}
