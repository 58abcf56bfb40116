/** Saved instances and their plans, newest first; any of them can be reopened. */
import { memo, useMemo, useRef, useState } from 'react';
import { formatCost, formatDateTime } from '../format.js';
import { comparisonSide, type PlanSummary } from '../../shared/api.js';
import { describePlanMethod } from '../../shared/methods.js';
import { brokenText } from '../../shared/not-served.js';
import { describeVariant } from '../plan/time-window-policy.js';
import { costWhenPlanned } from '../plan/changed-since.js';
import { useInstanceList, usePlanList } from '../state/queries.js';
import { unitsOf } from '../units.js';
import { useListWindow } from './use-list-window.js';

/** A day's entry before any is measured: its name and its figures under it (px). */
const ENTRY_ESTIMATE = 45;

interface Props {
  currentId: number | null;
  currentPlanId: number | null;
  onOpen(id: number): void;
  onOpenPlan(instanceId: number, planId: number): void;
  onDelete(id: number): void;
  onDeletePlan(plan: PlanSummary): void;
}

/**
 * Drawn again when the saved days, the day or plan on screen, what is expanded or the entries in view change: not when
 * the selection moves (an arrow key in the customer table), given handlers that keep their identity. A long history
 * draws the entries in view only (use-list-window.ts), the open day's wherever the list is scrolled.
 */
export const HistoryPanel = memo(function HistoryPanel(props: Props) {
  const { list: instances, loaded, failed } = useInstanceList();
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const isOpen = (id: number) => expanded.has(id) || id === props.currentId;
  const toggle = (id: number) =>
    setExpanded((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const list = useRef<HTMLUListElement>(null);
  const keys = useMemo(() => instances.map((inst) => inst.id), [instances]);
  const win = useListWindow({ keys, estimate: ENTRY_ESTIMATE, keep: props.currentId, scroll: list, list });

  return (
    <section className="panel history" data-testid="history" data-loaded={loaded}>
      <h2 className="panel-title">History</h2>
      {failed ? (
        <p className="empty" data-testid="history-unreadable">
          The saved instances could not be read: the message above says why.
        </p>
      ) : instances.length === 0 ? (
        <p className="empty" data-testid="history-empty">
          No saved instances yet. Import a CSV or start a new one.
        </p>
      ) : (
        <ul className="history-list" ref={list}>
          {win.drawn.map(({ index, gapBefore }) => {
            const inst = instances[index];
            return (
              <li
                key={inst.id}
                ref={win.measure}
                data-index={index}
                style={{ marginTop: gapBefore }}
                // Where it lies in the whole list, which a screen reader cannot count from the entries drawn.
                aria-posinset={index + 1}
                aria-setsize={instances.length}
                className={inst.id === props.currentId ? 'history-item current' : 'history-item'}
                data-testid={`history-instance-${inst.id}`}
              >
                <div className="history-row">
                  {/* Named with its day: a list of "Show plans" buttons told a screen reader's user not which day's. */}
                  <button
                    className="chevron"
                    aria-label={`${isOpen(inst.id) ? 'Hide' : 'Show'} the plans of ${inst.name}`}
                    aria-expanded={isOpen(inst.id)}
                    onClick={() => toggle(inst.id)}
                  >
                    {isOpen(inst.id) ? '▾' : '▸'}
                  </button>
                  <button className="history-open" onClick={() => props.onOpen(inst.id)} data-testid="history-open">
                    <span className="history-name">{inst.name}</span>
                    <span className="history-meta">
                      {inst.customers} customers · {inst.plans} plan{inst.plans === 1 ? '' : 's'}
                    </span>
                  </button>
                  <button
                    className="icon-btn"
                    title="Delete instance and its plans"
                    aria-label={`Delete ${inst.name}`}
                    onClick={() => window.confirm(deleteQuestion(inst)) && props.onDelete(inst.id)}
                  >
                    ✕
                  </button>
                </div>
                {isOpen(inst.id) && (
                  <PlanList
                    instanceId={inst.id}
                    day={inst}
                    currentPlanId={props.currentPlanId}
                    onOpenPlan={props.onOpenPlan}
                    onDeletePlan={props.onDeletePlan}
                  />
                )}
              </li>
            );
          })}
          {win.gapAfter > 0 && <li className="list-gap" aria-hidden="true" style={{ height: win.gapAfter }} />}
        </ul>
      )}
    </section>
  );
});

/** What deleting a day takes with it, so that one of two days of the same name is not deleted blind. */
function deleteQuestion(inst: { name: string; customers: number; plans: number; updatedAt: string }): string {
  const plans = inst.plans === 0 ? 'no plans' : inst.plans === 1 ? 'its 1 plan' : `its ${inst.plans} plans`;
  return `Delete “${inst.name}” (${inst.customers} customers, saved ${formatDateTime(inst.updatedAt)}) and ${plans}?`;
}

const PlanList = memo(function PlanList(props: {
  instanceId: number;
  /** Its day as listed: how its figures read (unitsOf). */
  day: Parameters<typeof unitsOf>[0];
  currentPlanId: number | null;
  onOpenPlan(instanceId: number, planId: number): void;
  onDeletePlan(plan: PlanSummary): void;
}) {
  const plans = usePlanList(props.instanceId);
  const units = unitsOf(props.day);

  if (!plans) return <p className="history-plans empty">Loading…</p>;
  if (plans.length === 0) return <p className="history-plans empty">No plans yet.</p>;
  return (
    <ul className="history-plans">
      {plans.map((p) => (
        <li key={p.id}>
          <button
            className={p.id === props.currentPlanId ? 'history-plan current' : 'history-plan'}
            data-testid={`history-plan-${p.id}`}
            onClick={() => props.onOpenPlan(props.instanceId, p.id)}
          >
            <span>
              {describePlanMethod(p)}
              {p.editedFrom !== undefined && (
                <span className="history-meta" data-testid={`edited-from-${p.id}`}>
                  {' '}
                  {editedFromText(plans, p.editedFrom)}
                </span>
              )}
              {p.keptFrom !== undefined && (
                <span className="history-meta" data-testid={`kept-from-${p.id}`} title={keptTitle(p)}>
                  {' '}
                  · kept{p.unverified ? ' (unchecked)' : ''}
                </span>
              )}{' '}
              · {describeVariant(p.variant)}
              {p.comparedWith !== undefined && (
                <span className="history-meta" data-testid={`compared-from-${p.id}`} title={comparedTitle(plans, p.comparedWith)}>
                  {' '}
                  · Compare {comparisonSide(p)}
                </span>
              )}
            </span>
            <span className="history-meta">
              cost {formatCost(p.cost)} · {p.vehicles} veh{p.late > 0 ? ` · late ${units.duration(p.late)}` : ''}
              {!p.feasible && <b className="text-bad"> · {brokenText(p)}</b>}
              {p.dataChanged && (
                <span
                  title="The instance was edited after this plan was made; its figures are checked against today's data"
                  data-testid={`data-changed-${p.id}`}
                >
                  {' '}
                  · data changed{costWhenPlanned(p, p.cost) && ` (cost ${costWhenPlanned(p, p.cost)} when planned)`}
                </span>
              )}{' '}
              · {formatDateTime(p.createdAt)}
            </span>
          </button>
          <button
            className="icon-btn"
            title="Delete this plan"
            aria-label={`Delete the plan ${describePlanMethod(p)} of ${formatDateTime(p.createdAt)}`}
            data-testid={`delete-plan-${p.id}`}
            onClick={() => props.onDeletePlan(p)}
          >
            ✕
          </button>
        </li>
      ))}
    </ul>
  );
});

/** A plan made by Compare (A is stored first): the policy of the plan it was compared with. */
/** Which plan a hand edit was made on, by its method and time, so that edits of two plans can be told apart. */
function editedFromText(plans: readonly PlanSummary[], fromId: number): string {
  const from = plans.find((q) => q.id === fromId);
  return from ? `from ${describePlanMethod(from)} of ${formatDateTime(from.createdAt)}` : 'from a plan deleted since';
}

/** A plan kept with a day saved as a new day, from the plan shown with the day deleted or saved over elsewhere. */
function keptTitle(p: PlanSummary): string {
  const kept = 'Kept with this day from the plan shown when its day was deleted or saved over in another window';
  return p.unverified
    ? `${kept}; that plan was deleted, so how it was made (method, model, planning time, the customers taken off by hand) is as the window that kept it said`
    : kept;
}

function comparedTitle(plans: readonly PlanSummary[], otherId: number): string {
  const other = plans.find((q) => q.id === otherId);
  return other ? `Made by Compare beside the ${describeVariant(other.variant)} plan` : 'Made by Compare (the other plan was deleted)';
}
