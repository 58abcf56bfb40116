/**
 * The Compare tab's comparison where this window made none of the day on screen: the day's latest, read back from its
 * stored plans (compare:latest). After a reload, or another day opened and this one again, the tab said "Press Compare"
 * although both plans stood in the history, and comparing again stored two more: it shows what was compared, and plans
 * again only when the dispatcher presses Compare.
 */
import { useEffect } from 'react';
import type { StoredInstance } from '../../shared/api.js';
import { useApi } from '../hooks/use-api.js';
import { useRunner } from '../hooks/use-notices.js';
import { settingsOfPlan } from '../state/plan-settings.js';
import type { ComparedPlans, CompareSettings } from './compare-view.js';

/**
 * While the Compare tab is open (`active`) on the stored day `stored`, with no comparison of it shown and none running
 * (`busy`), reads the day's latest and hands it to `show` with the day as stored now (its plans are checked against
 * it: one made before a change says so, `dataChanged`).
 */
export function useStoredComparison(
  active: boolean,
  stored: StoredInstance | null,
  shown: ComparedPlans | null,
  busy: boolean,
  show: (comparison: ComparedPlans) => void,
): void {
  const api = useApi();
  const run = useRunner();
  const missing = active && stored !== null && !busy && shown?.a.instanceId !== stored.id;
  useEffect(() => {
    if (!missing || !stored) return;
    let current = true;
    void run('Open the last comparison', () => api.call('compare:latest', { instanceId: stored.id })).then((found) => {
      // Another day opened meanwhile, or a comparison made: this answer is of the day that was.
      if (current && found) show({ ...found, instance: stored.instance });
    });
    return () => {
      current = false;
    };
  }, [missing, stored, api, run, show]);
}

/** The Compare bar set to how `comparison` was made (each side's policy, the method and its effort), so Compare makes it again. */
export function settingsOfComparison(comparison: ComparedPlans, current: CompareSettings): CompareSettings {
  const side = (plan: ComparedPlans['a'], policy: CompareSettings['a']) =>
    settingsOfPlan(plan, { policy, method: current.method, effort: current.effort });
  const a = side(comparison.a, current.a);
  return { a: a.policy, b: side(comparison.b, current.b).policy, method: a.method, effort: a.effort };
}
