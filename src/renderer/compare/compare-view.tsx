/**
 * Hard vs soft (or any two policies) on the same instance: one action plans both through compare:variants, then
 * two synchronised maps, a KPI table with the differences, and the customers served late or early.
 */
import { useMemo } from 'react';
import type { Comparison, StoredPlan } from '../../shared/api.js';
import { carriedCustomers, type Instance } from '../../shared/domain.js';
import type { JobState } from '../hooks/use-plan-job.js';
import { MapSync } from '../map/map-sync.js';
import { RouteMap } from '../map/route-map.js';
import { PolicyControls } from '../panels/policy-controls.js';
import { ProgressOverlay } from '../panels/progress-overlay.js';
import { useRefocusAfter } from '../hooks/use-refocus.js';
import { FieldValidity, useFieldValidity } from '../panels/field-validity.js';
import { MethodControls } from '../panels/method-controls.js';
import { ActionButton, ActionForm } from '../panels/action-form.js';
import { describePlanMethod, methodOption, type MethodChoice } from '../../shared/methods.js';
import { describeVariant, type TimeWindowPolicy } from '../plan/time-window-policy.js';
import { CompareTables } from './compare-tables.js';
import { samePlanningData } from '../../shared/planning-data.js';
import { SkipLink } from '../panels/skip-link.js';

/** The comparison's maps and figures (or what the view says in their place), where its skip link puts the keyboard. */
const COMPARE_MAIN = 'compare-main';

/** The Compare view's skip link (skip-link.tsx): past the top bar and the comparison's own bar, to the two plans. */
export const SkipToComparison = () => (
  <SkipLink to={COMPARE_MAIN} testId="skip-to-comparison">
    Skip to the comparison
  </SkipLink>
);

/** Why Compare waits: it plans the stored day (the view says so under the bar too). */
const NO_STORED_DAY = 'Open or save a day first';

export interface CompareSettings {
  a: TimeWindowPolicy;
  b: TimeWindowPolicy;
  method: MethodChoice;
  /** The method's effort (samples, seconds of local search...), as in the Plan view's top bar. */
  effort: number;
}

/** A comparison with the instance it planned, as it was then: its figures are read in that instance's units. */
export type ComparedPlans = Comparison & { instance: Instance };

interface Props {
  instance: Instance | null;
  instanceId: number | null;
  settings: CompareSettings;
  onSettings(settings: CompareSettings): void;
  result: ComparedPlans | null;
  /** Why comparing saves the day first (unsaved edits, or the day deleted elsewhere: header.tsx), or null. */
  savesFirst: string | null;
  onCompare(): void;
  job: JobState | null;
  onCancelJob(): void;
  /** Shows one of the compared plans in the Plan view, to edit, print or export it. */
  onOpenPlan(plan: StoredPlan): void;
}

export function CompareView({
  instance,
  instanceId,
  settings,
  onSettings,
  result,
  savesFirst,
  onCompare,
  job,
  onCancelJob,
  onOpenPlan,
}: Props) {
  const sync = useMemo(() => new MapSync(), []);
  const shown = result && instance && result.a.instanceId === instanceId ? result : null;
  // Saved since (a window moved, the fleet or the speed changed): the plans are of the day as it was. By the rule that
  // marks a stored plan out of date (planning-data.ts): a rename or a new address changes no plan. A comparison read
  // back from the store (after a reload) is of the day as stored now: its plans say whether it changed since.
  const changedSince = useMemo(
    () =>
      shown !== null &&
      instance !== null &&
      (!samePlanningData(shown.instance, instance) || Boolean(shown.a.dataChanged || shown.b.dataChanged)),
    [shown, instance],
  );
  const validity = useFieldValidity();
  const runButton = useRefocusAfter<HTMLButtonElement>(job !== null);
  return (
    <div className="compare-view" data-testid="compare-view">
      <FieldValidity.Provider value={validity.report}>
        {/* Enter in the α, β or effort field compares, as Enter in the top bar plans: action-form.tsx. */}
        <ActionForm className="compare-bar" label="Compare two policies" onSubmit={onCompare}>
          <PolicyControls label="Plan A" policy={settings.a} onChange={(a) => onSettings({ ...settings, a })} testId="compare-a" />
          <span className="versus">vs</span>
          <PolicyControls label="Plan B" policy={settings.b} onChange={(b) => onSettings({ ...settings, b })} testId="compare-b" />
          <MethodControls
            method={settings.method}
            customers={instance ? carriedCustomers(instance).length : null}
            effort={settings.effort}
            onMethod={(method) => onSettings({ ...settings, method, effort: methodOption(method).effort?.default ?? 0 })}
            onEffort={(effort) => onSettings({ ...settings, effort })}
            testId="compare-method"
            effortTestId="compare-effort"
          />
          <div className="header-spacer" />
          <ActionButton
            buttonRef={runButton}
            testId="compare-run"
            busy={job !== null}
            blockedBecause={!instanceId ? NO_STORED_DAY : validity.reason}
            title={savesFirst ?? undefined}
          >
            {job ? 'Comparing…' : savesFirst ? 'Save and compare' : 'Compare'}
          </ActionButton>
        </ActionForm>
      </FieldValidity.Provider>
      {!instance || !instanceId ? (
        <p className="empty big skip-target" id={COMPARE_MAIN} tabIndex={-1}>
          Open or save an instance in the Plan view first.
        </p>
      ) : (
        <section className="compare-body skip-target" id={COMPARE_MAIN} tabIndex={-1} aria-label="Comparison">
          <div className="compare-maps">
            {(['a', 'b'] as const).map((side) => {
              const plan = shown?.[side];
              const label = plan ? `${describeVariant(plan.variant)} · ${describePlanMethod(plan)}` : describeVariant(settings[side]);
              return (
                <div key={side} className="compare-map" data-testid={`compare-map-${side}`}>
                  <div className="compare-map-title">
                    <b>{side.toUpperCase()}</b>
                    {/* One line for both maps, so that they start at the same height: a long label is cut, whole in its tooltip. */}
                    <span className="compare-map-label" title={label}>
                      {label}
                    </span>
                    {plan && (
                      <button
                        className="btn btn-small compare-open"
                        title={`Open plan ${side.toUpperCase()} in the Plan view, to edit, print or export it`}
                        onClick={() => onOpenPlan(plan)}
                        data-testid={`compare-open-${side}`}
                      >
                        Open
                      </button>
                    )}
                  </div>
                  <RouteMap
                    instance={instance}
                    routes={plan?.routes}
                    evaluation={plan?.evaluation}
                    variant={plan?.variant.name}
                    fitKey={instanceId}
                    sync={sync}
                    testId={`map-${side}`}
                    label={`Map of plan ${side.toUpperCase()}: ${label}`}
                  />
                </div>
              );
            })}
            <ProgressOverlay job={job} onCancel={onCancelJob} />
          </div>
          {shown ? (
            <CompareTables instance={shown.instance} comparison={shown} stale={changedSince} />
          ) : (
            <p className="empty">
              {job
                ? 'Planning under both policies…'
                : `Press ${savesFirst ? 'Save and compare' : 'Compare'} to plan the instance under both policies.`}
            </p>
          )}
        </section>
      )}
    </div>
  );
}
