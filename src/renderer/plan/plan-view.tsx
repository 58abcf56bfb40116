/**
 * The main view: history and customers on the left, the map (with the timeline under it) in the centre, the
 * plan's figures on the right. Edits on the map and in the table change the same draft.
 */
import { useEffect, useMemo, useState } from 'react';
import type { InstanceExportFormat, PlanExportFormat, PlanSummary } from '../../shared/api.js';
import { type Instance, VARIANT_DEFAULTS } from '../../shared/domain.js';
import { describePlanMethod } from '../../shared/methods.js';
import { formatCost, formatDateTime } from '../format.js';
import { useApi } from '../hooks/use-api.js';
import { describeVariant } from './time-window-policy.js';
import { useNotices, useRunner } from '../hooks/use-notices.js';
import type { JobState } from '../hooks/use-plan-job.js';
import { downloadText, mimeFor } from '../download.js';
import { RouteMap } from '../map/route-map.js';
import { CsvPickButton } from '../panels/csv-sources.js';
import { ExportCsvMenu } from '../panels/export-csv-menu.js';
import { CustomerCount, CustomerFilter } from '../panels/customer-filter.js';
import { matchesFilter } from '../panels/customer-order.js';
import { CustomerTable } from '../panels/customer-table.js';
import { FleetSettings } from '../panels/fleet-settings.js';
import type { MovedTo } from '../panels/position-cells.js';
import { ElsewhereNotes } from '../panels/elsewhere-notes.js';
import { HistoryPanel } from '../panels/history-panel.js';
import { useStoredDataChanged } from '../state/queries.js';
import { ProgressOverlay } from '../panels/progress-overlay.js';
import {
  addCustomer,
  blankInstance,
  followShift,
  messagesByCustomer,
  moveCustomer,
  removeCustomer,
  typedPosition,
  updateCustomer,
  updateFleet,
} from '../state/draft.js';
import { heldPlan } from '../../shared/held-plan.js';
import { useLiveProblems } from '../state/use-live-problems.js';
import { SAVE_ACTIONS, type Workspace } from '../state/use-workspace.js';
import { Gantt } from './gantt.js';
import { AddCustomerDialog } from '../panels/add-customer-dialog.js';
import { PlanPanel } from './plan-panel.js';
import { SelectedPosition } from '../panels/selected-position.js';
import { focusById, SkipLink } from '../panels/skip-link.js';
import { usePlanEditing } from './use-plan-editing.js';
import { useUndoKeys } from '../hooks/undo-keys.js';
import { useHandler } from '../hooks/use-handler.js';

interface Props {
  ws: Workspace;
  job: JobState | null;
  onCancelJob(): void;
  onCsvFile(file: File): void;
}

/** The plan's side panel, where the skip link and a plan opened from Compare put the keyboard. */
const PLAN_SIDE = 'plan-side';
export const focusPlanSide = () => focusById(PLAN_SIDE);

/** The Plan view's skip link (skip-link.tsx): the table holds Tab stops per customer, a day of 60 stops hundreds. */
export const SkipToPlan = () => (
  <SkipLink to={PLAN_SIDE} testId="skip-to-plan">
    Skip to the plan
  </SkipLink>
);

export function PlanView({ ws, job, onCancelJob, onCsvFile }: Props) {
  const api = useApi();
  const run = useRunner();
  const editing = usePlanEditing(ws);
  const changed = useStoredDataChanged();
  const { draft, plan, edit, selected, setSelected, editDraft, filter, setFilter } = ws;
  /** Map clicks add stops only in this mode, so a stray click never adds a customer. */
  const [adding, setAdding] = useState(false);
  const [addingByPosition, setAddingByPosition] = useState(false);
  // The find box finds on the map too: the stops it hides are faded there (null: no filter, every stop as drawn).
  const found = useMemo(
    () => (draft && filter.trim() !== '' ? new Set(draft.customers.filter((c) => matchesFilter(c, filter)).map((c) => c.id)) : null),
    [draft, filter],
  );
  const startNew = () => ws.startNew(blankInstance('New instance'));
  // A new, never saved instance starts in add mode (an empty map is for drawing); a stored one opens without it.
  // Saving the new one keeps the mode: the dispatcher may be halfway through drawing the day.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only another instance on screen resets the mode
  useEffect(() => setAdding(ws.stored === null), [ws.opened]);
  // Escape leaves add mode, as it leaves other modes: a dispatcher done adding stops must not add one by a stray click.
  useEffect(() => {
    if (!adding) return;
    const leave = (e: KeyboardEvent) => e.key === 'Escape' && setAdding(false);
    window.addEventListener('keydown', leave);
    return () => window.removeEventListener('keydown', leave);
  }, [adding]);
  useUndoKeys(ws.undo, ws.redo);
  // The check of the latest edit when there is one, else what the last failed save said.
  const live = useLiveProblems(draft, String(ws.stored?.id ?? 'new'));
  // A save refused for its input is answered by an edit or an undo that fixes it: its banner goes with the problems.
  const { dismissAction } = useNotices();
  useEffect(() => {
    if (live && live.problems.length === 0) for (const saving of SAVE_ACTIONS) dismissAction(saving, 'input');
  }, [live, dismissAction]);
  const errors = useMemo(
    () => messagesByCustomer(live?.problems ?? ws.saveErrors, draft ?? blankInstance('-')),
    [live, ws.saveErrors, draft],
  );
  // A warning that names no one customer (the fleet too small for the day's demand) is the day's: shown by the fleet.
  const warnings = useMemo(() => messagesByCustomer(live?.warnings ?? [], draft ?? blankInstance('-')), [live, draft]);
  const routes = edit?.routes ?? plan?.routes ?? null;
  const [focusRoute, setFocusRoute] = useState<number | null>(null);
  // A route number means nothing in another plan.
  // biome-ignore lint/correctness/useExhaustiveDependencies: another plan (its id) is the trigger
  useEffect(() => setFocusRoute(null), [plan?.id]);
  // While an edit is being re-scored, keep showing the last known schedule rather than blanking the chart.
  const evaluation = edit?.evaluation ?? plan?.evaluation ?? null;
  // The plan's figures were scored on the saved instance: its speed turns their driving minutes into km, its fleet
  // and capacity are what they were checked against. Unsaved edits (a new speed, a smaller fleet) show once saved.
  const planned = ws.stored?.instance ?? null;
  /** A customer or the depot moved, dragged on the map or typed into its position's cells. */
  const moveTo = (id: string, x: number, y: number) => draft && editDraft(moveCustomer(draft, id, x, y));
  /** A customer just added is selected and its row shown: the find box is emptied when it would hide the new row. */
  const showAdded = (next: Instance, id: string) => {
    editDraft(next);
    setSelected(id);
    const added = next.customers.find((c) => c.id === id);
    if (added && !matchesFilter(added, filter)) setFilter('');
  };
  /** A position typed into its cells: typed as they showed the saved one, it is the saved one (typedPosition). */
  const typeTo = (id: string, to: MovedTo, step?: string) => {
    const placeIn = (d: Instance) => [d.depot, ...d.customers].find((p) => p.id === id);
    const typed = (d: Instance) => {
      const now = placeIn(d);
      return now && typedPosition(ws.stored?.instance, id, to.x ?? now.x, to.y ?? now.y);
    };
    const now = draft && placeIn(draft);
    const at = draft && typed(draft);
    // Already there (the saved place, typed as shown with a trailing zero, say): no edit to undo.
    if (!now || !at || (now.x === at.x && now.y === at.y)) return;
    // An updater: the axis not typed is kept as the edits before it in this event left it (the latitude of a column
    // pasted down both cells, entered just before its longitude), and the step joins the paste's.
    editDraft((d) => {
      const moved = typed(d);
      return moved ? moveCustomer(d, id, moved.x, moved.y) : d;
    }, step);
  };

  const exportInstance = async (format: InstanceExportFormat) => {
    if (!ws.stored) return;
    // What is on screen: unsaved edits of the customers or the fleet are in the file, and so is the version this
    // window opened where another window saved the instance since.
    const shown = draft ? { instance: draft } : {};
    const file = await run('Export instance', () => api.call('instances:exportCsv', { id: ws.stored!.id, format, ...shown }));
    if (file) downloadText(file.fileName, file.text, 'text/csv');
  };
  const exportPlan = async (format: PlanExportFormat) => {
    if (!plan) return;
    // Hand edits not saved yet are exported as shown, as the driver sheets print them; with their day and policy, so
    // that they can still be exported where another window deleted their plan since.
    const edited = edit ? { routes: edit.routes, instanceId: plan.instanceId, variant: plan.variant } : {};
    // The plan and its day as this window holds them: where another window deleted them since, the file is made of
    // these, as the driver sheets are printed from what is on screen.
    const held = ws.stored ? { held: { plan: heldPlan(plan), day: ws.stored.instance } } : {};
    // Changes to the day not saved yet are not in the plan: the file says it is out of date, as the sheets do.
    const request = { id: plan.id, format, ...edited, ...held, dayUnsaved: ws.planDataUnsaved };
    const file = await run('Export plan', () => api.call('plans:export', request));
    if (file) downloadText(file.fileName, file.text, mimeFor(file.fileName));
  };
  const deleteInstance = useHandler(async (id: number) => {
    const done = await run('Delete instance', () => api.call('instances:delete', { id }));
    if (!done) return;
    // The instance on screen is gone: back to the start screen (not a blank instance marked unsaved).
    if (ws.stored?.id === id) ws.close();
    await changed.instanceDeleted(id);
  });

  const deletePlan = useHandler(async (doomed: PlanSummary) => {
    const shown = plan?.id === doomed.id;
    const what = `${describePlanMethod(doomed)} · ${describeVariant(doomed.variant)} · cost ${formatCost(doomed.cost)} · ${formatDateTime(doomed.createdAt)}`;
    const edits = shown && edit ? ' Its hand edits on screen, not saved, go with it.' : '';
    if (!window.confirm(`Delete the plan ${what}? It cannot be undone.${edits}`)) return;
    const done = await run('Delete plan', () => api.call('plans:delete', { id: doomed.id }));
    if (!done) return;
    if (shown) ws.setPlan(null);
    await changed.instances();
  });

  return (
    <div className="workspace">
      {addingByPosition && draft && (
        <AddCustomerDialog
          instance={draft}
          onClose={() => setAddingByPosition(false)}
          onAdd={(next, id) => {
            showAdded(next, id);
            setAddingByPosition(false);
          }}
        />
      )}
      <aside className="sidebar left" aria-label="History and customers">
        <HistoryPanel
          currentId={ws.stored?.id ?? null}
          currentPlanId={plan?.id ?? null}
          onOpen={ws.open}
          onOpenPlan={ws.openPlan}
          onDelete={deleteInstance}
          onDeletePlan={deletePlan}
        />
        <section className="panel customers-panel" data-testid="customers-panel">
          <div className="panel-title-row">
            <h2 className="panel-title">Customers {draft && <CustomerCount customers={draft.customers} filter={filter} />}</h2>
            {draft && <CustomerFilter text={filter} onText={setFilter} />}
            <div className="toolbar">
              <button
                className="btn btn-small"
                title={ws.undoTitle}
                aria-label="Undo"
                disabled={!ws.canUndo}
                data-testid="undo"
                onClick={ws.undo}
              >
                ↶
              </button>
              <button
                className="btn btn-small"
                title="Redo (Ctrl+Shift+Z)"
                aria-label="Redo"
                disabled={!ws.canRedo}
                data-testid="redo"
                onClick={ws.redo}
              >
                ↷
              </button>
              <button
                className={adding && draft ? 'btn btn-small btn-toggled' : 'btn btn-small'}
                aria-pressed={adding && draft !== null}
                disabled={!draft}
                title="Click the map to add stops while this is on"
                data-testid="add-stop-mode"
                onClick={() => setAdding((on) => !on)}
              >
                + Stop
              </button>
              <button
                className="btn btn-small"
                disabled={!draft}
                title="Add a customer by typing its position"
                data-testid="add-customer"
                onClick={() => setAddingByPosition(true)}
              >
                + By position
              </button>
              <button className="btn btn-small" data-testid="new-instance" onClick={startNew}>
                New
              </button>
              <CsvPickButton onFile={onCsvFile} />
              <ExportCsvMenu disabled={!ws.stored} onExport={exportInstance} />
            </div>
          </div>
          {draft ? (
            <>
              <ElsewhereNotes ws={ws} />
              <FleetSettings
                instance={draft}
                dirty={ws.dirty}
                saved={ws.stored !== null}
                generalErrors={errors.general}
                dayWarnings={warnings.general}
                onChange={(field, value, step) => editDraft((d) => updateFleet(d, field, value), step)}
                onMoveDepot={(to, step) => typeTo(draft.depot.id, to, step)}
                onClockTimes={(on) => editDraft({ ...draft, clockTimes: on })}
                onSave={ws.save}
              />
              {/* The table and the selected customer's position under it share one minimum height: a selection shortens the
                  table and moves nothing above it (a click that selected a row, moving it, missed its button). */}
              <div className="customers-body">
                <CustomerTable
                  instance={draft}
                  routes={routes}
                  selected={selected}
                  onSelect={setSelected}
                  // Updaters: the cells of a pasted block commit one after another before the next render.
                  onEdit={(id, field, value, step) => editDraft((d) => updateCustomer(d, id, field, value), step)}
                  onFollowShift={(id, edge, step) => editDraft((d) => followShift(d, id, edge), step)}
                  onRemove={(id) => {
                    editDraft(removeCustomer(draft, id));
                    // A removed stop is not selected any more: the move control would offer to route it.
                    if (selected === id) setSelected(null);
                  }}
                  errorsByCustomer={errors.byCustomer}
                  warningsByCustomer={warnings.byCustomer}
                  filter={filter}
                />
                <SelectedPosition instance={draft} selected={selected} onMove={typeTo} />
              </div>
            </>
          ) : (
            <p className="empty">Open an instance from the history, import a CSV (or drop one on the window), or start a new one.</p>
          )}
        </section>
      </aside>
      <main className="centre">
        <div className="map-area">
          {draft ? (
            <RouteMap
              instance={draft}
              routes={routes}
              evaluation={evaluation}
              variant={plan?.variant.name}
              selected={selected}
              fitKey={`${ws.stored?.id ?? 'new'}:${draft.coordinates?.kind ?? 'planar'}:${plan?.id ?? ''}`}
              focusRoute={focusRoute !== null && routes && focusRoute < routes.length ? focusRoute : null}
              found={found}
              onSelect={setSelected}
              onAdd={
                adding
                  ? (x, y) => {
                      const added = addCustomer(draft, x, y);
                      showAdded(added.instance, added.id);
                    }
                  : undefined
              }
              onMove={moveTo}
            />
          ) : (
            <div className="map-placeholder" data-testid="welcome">
              <h2>Plan deliveries with time windows</h2>
              <p>Import customers from a CSV file, reopen a saved instance, or start a new one and click the map to add stops.</p>
            </div>
          )}
          <ProgressOverlay job={job} onCancel={onCancelJob} />
        </div>
        {draft && evaluation && (
          <Gantt
            instance={planned ?? draft}
            evaluation={evaluation}
            variant={plan?.variant ?? VARIANT_DEFAULTS.tw1}
            selected={selected}
            onSelect={setSelected}
            onMoveStop={editing.moveStop}
          />
        )}
      </main>
      <aside className="sidebar right skip-target" id={PLAN_SIDE} tabIndex={-1} aria-label="Plan">
        {draft && plan ? (
          <PlanPanel
            instance={planned ?? draft}
            plan={plan}
            edit={edit}
            stale={ws.planDataUnsaved}
            selected={selected}
            onSelect={setSelected}
            onMoveStop={editing.moveStop}
            onResetEdit={editing.reset}
            onSaveEdited={editing.saveEdited}
            onExport={exportPlan}
            focusRoute={focusRoute}
            onFocusRoute={setFocusRoute}
            deletedElsewhere={ws.planDeletedElsewhere}
          />
        ) : (
          <section className="panel plan-panel empty-plan">
            <h2 className="panel-title">Plan</h2>
            <p className="empty">
              Choose a policy and a method in the top bar, then press <b>Plan</b>.
            </p>
          </section>
        )}
      </aside>
    </div>
  );
}
