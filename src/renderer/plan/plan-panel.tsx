/**
 * The plan beside the map: totals, hand-edit status, the exports and driver sheets, the customers left out, the
 * violations, and the route legend (with a keyboard-friendly "move to route" control under the selected stop's route).
 */
import { useState } from 'react';
import type { PlanExportFormat, StoredPlan } from '../../shared/api.js';
import type { Instance, Violation } from '../../shared/domain.js';
import { formatDateTime, formatNumber } from '../format.js';
import type { PlanEdit, ShownPlan } from '../state/use-workspace.js';
import { cutShortNote, describePlanMethod, greedyKeptNote, isModelAlone } from '../../shared/methods.js';
import { earlyServiceNote } from '../../shared/early-service.js';
import { learnedPlanNotices } from '../../shared/model-limits.js';
import { describeVariant } from './time-window-policy.js';
import { PlanKpis } from './plan-kpis.js';
import { RouteLegend } from './route-legend.js';
import { NotServedList } from './not-served-list.js';
import { DriverSheets } from '../sheets/driver-sheets.js';
import { sheetWarnings } from '../sheets/sheet-model.js';
import { type ChangedSince, changedSincePlanned } from '../../shared/changed-since.js';
import { costWhenPlanned } from './changed-since.js';
import { useFocusMovedStop } from './use-focus-moved-stop.js';

interface Props {
  instance: Instance;
  plan: ShownPlan;
  edit: PlanEdit | null;
  stale: boolean;
  selected: string | null;
  onSelect(id: string | null): void;
  onMoveStop(customerId: string, toRoute: number, position?: number): void;
  onResetEdit(): void;
  onSaveEdited(): void;
  onExport(format: PlanExportFormat): void;
  focusRoute: number | null;
  onFocusRoute(route: number | null): void;
  /** The plan was deleted in another window or tab since it was shown here (use-deleted-elsewhere.ts). */
  deletedElsewhere?: boolean;
}

/** A learned plan (not improved by the local search) says where the model cannot be trusted with the day. */
function ModelNotices({ instance, plan }: { instance: Instance; plan: Pick<StoredPlan, 'method' | 'variant' | 'evaluation'> }) {
  if (!isModelAlone(plan.method)) return null;
  return (
    <>
      {learnedPlanNotices(instance, plan.variant, plan.evaluation).map((notice) => (
        <p key={notice} className="note note-warn" data-testid="plan-model-notice">
          {notice}
        </p>
      ))}
    </>
  );
}

/** Where the day changed after the plan was made (changed-since.ts says when). */
function ChangedSincePlanned({
  changed,
  edited,
  plannedCost,
}: {
  changed: ChangedSince | null;
  edited: boolean;
  plannedCost: string | null;
}) {
  if (!changed) return null;
  if (changed.kind === 'unsaved')
    return (
      <p className="note note-warn" data-testid="plan-unsaved-changes">
        The instance has changes not saved yet: {edited ? 'the edited routes are' : 'the figures below are'} checked against the saved
        instance, not against them. Save the instance to check {edited ? 'the edits' : 'the plan'} against your changes, or plan again.
      </p>
    );
  const { removed } = changed;
  return (
    <p className="note note-warn" data-testid="plan-data-changed">
      The instance was changed after this plan was made: {edited ? 'the edited routes' : 'its figures below'} are checked against today's
      data{!edited && plannedCost && ` (its cost was ${plannedCost} when planned)`}. Plan again to include the changes.
      {removed.length > 0 && (
        <span data-testid="plan-removed-customers">
          {' '}
          {removed.length === 1 ? 'Customer' : 'Customers'} {removed.join(', ')}, removed from the instance since, still{' '}
          {removed.length === 1 ? 'stands' : 'stand'} on the routes
          {edited ? `: Save edited plan leaves ${removed.length === 1 ? 'it' : 'them'} out.` : '.'}
        </span>
      )}
    </p>
  );
}

export function PlanPanel(props: Props) {
  const { instance, plan, edit, selected } = props;
  const routes = edit?.routes ?? plan.routes;
  const evaluation = edit ? edit.evaluation : plan.evaluation;
  const [sheets, setSheets] = useState(false);
  const changed = changedSincePlanned(instance, plan, routes, props.stale);
  // Of the routes shown (edited by hand too): a soft-window plan serving hours before windows open says so.
  const early = evaluation ? earlyServiceNote(instance, plan.variant, evaluation) : null;
  const { panel, moveStop } = useFocusMovedStop<HTMLElement>(props.onMoveStop, routes);
  return (
    <section className="panel plan-panel" data-testid="plan-panel" ref={panel}>
      <div className="panel-title-row">
        <h2 className="panel-title">Plan</h2>
        <span className="plan-meta" data-testid="plan-meta" data-plan-id={plan.id}>
          {describePlanMethod(plan)} · {describeVariant(plan.variant)} ·{' '}
          {/* A plan edited by hand took no planning time: "0 s" would read as a run. */}
          {plan.method === 'manual' ? '' : `planned in ${formatNumber(plan.seconds)} s · `}
          {formatDateTime(plan.createdAt)}
        </span>
      </div>
      {/* Hand edits just saved whose plan another tab or window had deleted: they are a new plan, not that one's edit. */}
      {plan.sourceDeleted && (
        <p className="note note-warn" data-testid="plan-source-deleted">
          {plan.sourceDeleted[0].toUpperCase()}
          {plan.sourceDeleted.slice(1)}.
        </p>
      )}
      {props.deletedElsewhere && (
        <p className="note note-warn" data-testid="plan-deleted-elsewhere">
          This plan of “{instance.name}” was deleted in another window.{' '}
          {edit
            ? 'Your hand edits are kept here, unsaved: Save edited plan keeps them as a new plan, and Export exports them as shown.'
            : 'It stays on screen here until you open another plan, but it is not stored any more: plan the day again to keep one.'}
        </p>
      )}
      {/* Planned while another tab or window deleted its day: kept with a copy of the day, which is on screen now. */}
      {plan.dayDeleted && (
        <p className="note note-warn" data-testid="plan-day-deleted">
          {plan.dayDeleted}.
        </p>
      )}
      {/* About the model's own routes: once edited by hand they are not the model's any more. */}
      {!edit && <ModelNotices instance={instance} plan={plan} />}
      {plan.greedyKept && (
        <p className="note" data-testid="plan-greedy-kept">
          {greedyKeptNote(plan.method, plan.effort).replace(/^n/, 'N')}.
        </p>
      )}
      {plan.cutShort && (
        <p className="note" data-testid="plan-cut-short">
          {cutShortNote(plan.method, { limitSec: plan.effort }).replace(/^t/, 'T')}.
        </p>
      )}
      {early && (
        <p className="note" data-testid="plan-early-service">
          {early}
        </p>
      )}
      <ChangedSincePlanned changed={changed} edited={edit !== null} plannedCost={costWhenPlanned(plan, plan.evaluation.cost)} />
      {evaluation ? (
        <PlanKpis
          instance={instance}
          variant={plan.variant.name}
          evaluation={evaluation}
          before={edit ? plan.evaluation : null}
          onSavedInstance={changed?.kind === 'unsaved'}
        />
      ) : edit?.dayGone ? (
        <p className="note note-warn" data-testid="edit-day-gone">
          “{instance.name}” was deleted in another window, so the edited routes cannot be scored: Save edited plan offers to keep them, with
          the day, as a new day.
        </p>
      ) : (
        <p className="hint">Re-scoring…</p>
      )}
      {edit && (
        <div className="edit-bar" data-testid="edit-bar">
          <span>Edited by hand — not saved</span>
          <button className="btn btn-small" onClick={props.onResetEdit} data-testid="reset-edit">
            Undo edits
          </button>
          {/* Scored against the saved instance: stored now, its figures would not be those of the day on screen. */}
          <button
            className="btn btn-small btn-primary"
            onClick={props.onSaveEdited}
            // Without a score only where its day is gone: saving then offers a new day (use-plan-editing.ts).
            disabled={(!edit.evaluation && !edit.dayGone) || changed?.kind === 'unsaved'}
            title={changed?.kind === 'unsaved' ? 'Save the instance first: the edited routes are checked against the saved one' : undefined}
            data-testid="save-edited"
          >
            Save edited plan
          </button>
        </div>
      )}
      {/* Before the customers left out and the route legend: after them, the exports and the driver sheets were 1,000
          Tab stops away on a 1,000-stop day (every stop chip of every route came first). */}
      <div className="panel-actions">
        <button className="btn btn-small" onClick={() => props.onExport('csv')} data-testid="export-plan-csv">
          Export plan CSV
        </button>
        <button
          className="btn btn-small"
          onClick={() => props.onExport('csv-decimal-comma')}
          title="The plan CSV for Excel in a language that writes decimals with a comma (German, French, …): columns separated by ';', numbers written 12,5, so that Excel opens it in columns"
          data-testid="export-plan-csv-decimal-comma"
        >
          Export plan CSV (decimal comma)
        </button>
        <button className="btn btn-small" onClick={() => props.onExport('json')} data-testid="export-plan-json">
          Export plan JSON
        </button>
        <button className="btn btn-small" disabled={!evaluation} onClick={() => setSheets(true)} data-testid="open-sheets">
          Driver sheets
        </button>
      </div>
      {evaluation && <NotServedList instance={instance} violations={evaluation.violations} routes={routes} onMove={moveStop} />}
      {evaluation?.violations.some((v) => v.kind !== 'unserved') && (
        <Violations violations={evaluation.violations.filter((v) => v.kind !== 'unserved')} />
      )}
      <h3 className="sub-title">Routes</h3>
      <RouteLegend
        instance={instance}
        routes={routes}
        evaluation={evaluation}
        variant={plan.variant.name}
        selected={selected}
        onSelect={props.onSelect}
        onMoveStop={moveStop}
        focus={props.focusRoute}
        onFocus={props.onFocusRoute}
      />
      {sheets && evaluation && (
        <DriverSheets
          instance={instance}
          evaluation={evaluation}
          variant={plan.variant.name}
          warnings={sheetWarnings(changed, evaluation)}
          planLabel={`${edit ? 'Edited by hand (not saved)' : describePlanMethod(plan)} · ${describeVariant(plan.variant)} · planned ${formatDateTime(plan.createdAt)}`}
          onClose={() => setSheets(false)}
        />
      )}
    </section>
  );
}

function Violations({ violations }: { violations: Violation[] }) {
  return (
    <div className="violations" data-testid="violations">
      <h3 className="sub-title text-bad">Violations</h3>
      <ul>
        {violations.map((v, i) => (
          <li key={i} data-testid="violation" data-kind={v.kind}>
            <span className="violation-kind">{v.kind}</span> {v.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
