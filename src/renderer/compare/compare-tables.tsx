/** The comparison's numbers: KPIs of both plans with B − A, and every customer early, late or waited for in either. */
import type { Comparison } from '../../shared/api.js';
import { type Evaluation, type Instance, type Variant, variantWaits } from '../../shared/domain.js';
import { describeVariant, earlyFigure } from '../plan/time-window-policy.js';
import { brokenCounts, brokenText, notServed, unservedCount } from '../../shared/not-served.js';
import { formatCost, formatNumber, UNDER_A_MINUTE } from '../format.js';
import { type Units, unitsOf } from '../units.js';
import { TableScroll } from '../panels/table-scroll.js';
import { depotWaitTitle } from '../plan/depot-wait.js';
import { beforeWindow } from './before-window.js';

const KPIS = [
  { key: 'cost', label: 'Cost', kind: 'cost' },
  { key: 'vehicles', label: 'Vehicles', kind: 'number' },
  { key: 'distance', label: 'Distance', kind: 'distance' },
  { key: 'wait', label: 'Wait', kind: 'duration' },
  { key: 'early', label: 'Earliness', kind: 'duration' },
  { key: 'late', label: 'Lateness', kind: 'duration' },
] as const;

/** `stale`: the instance was saved since these plans were made (said above the figures). */
export function CompareTables({ instance, comparison, stale }: { instance: Instance; comparison: Comparison; stale: boolean }) {
  const { a, b, delta } = comparison;
  const units = unitsOf(instance);
  // Time before windows open as the Plan view tells it: a first stop's wait is spent at the depot (its own row).
  const drivenA = beforeWindow(a, instance.depot.ready);
  const drivenB = beforeWindow(b, instance.depot.ready);
  const atDepot = visibleMinutes(drivenA.atDepot, units) || visibleMinutes(drivenB.atDepot, units);
  // A row of nothing but dashes (waiting or earliness of seconds) is not listed; any lateness is, as the Plan view
  // marks a customer late by seconds.
  const customers = comparison.customers
    .map((c) => ({ ...c, earlyA: drivenA.byCustomer.get(c.customerId) ?? 0, earlyB: drivenB.byCustomer.get(c.customerId) ?? 0 }))
    .filter(
      (c) => !c.servedA || !c.servedB || c.lateA > 0 || c.lateB > 0 || visibleMinutes(c.earlyA, units) || visibleMinutes(c.earlyB, units),
    );
  // Why each plan leaves a customer out (the evaluator's reason), shown on its "not served" cell.
  const whyA = new Map(notServed(instance, a.evaluation).map((n) => [n.id, n.reason]));
  const whyB = new Map(notServed(instance, b.evaluation).map((n) => [n.id, n.reason]));
  const show = (v: number, kind: (typeof KPIS)[number]['kind']) =>
    kind === 'distance' ? units.distance(v) : kind === 'duration' ? units.duration(v) : kind === 'cost' ? formatCost(v) : formatNumber(v);
  // Arriving before a window opens is waiting where the policy waits (served inside the window) and early service
  // where it does not: each plan's column says which.
  const earlyLabel = (plan: typeof a) => (variantWaits(plan.variant.name) ? 'Wait' : 'Early');
  // Hard windows may leave a customer that soft ones serve late: the count belongs beside the lateness.
  const unservedA = unservedCount(a.evaluation);
  const unservedB = unservedCount(b.evaluation);
  // Under two policies the costs price different things (waiting, earliness, lateness): B − A is shown, not judged.
  const samePrices = samePricing(a.variant, b.variant);
  // A plan's earliness is listed where its policy serves early arrivals at once and prices them, as the Plan view
  // shows it; under a policy that waits it is the same number as the wait, and a row of both repeated it.
  const hasFigure = (plan: typeof a, key: (typeof KPIS)[number]['key']) =>
    key !== 'early' || earlyFigure(plan.variant.name).key === 'early';
  const kpis = KPIS.filter(({ key }) => hasFigure(a, key) || hasFigure(b, key));
  const waitsInstead = (plan: typeof a) => `${describeVariant(plan.variant)}: an early vehicle waits, and its earliness is its wait`;
  return (
    <div className="compare-tables">
      {stale && (
        <p className="note note-warn" data-testid="compare-stale">
          The instance changed since these plans were made: compare again to include the changes.
        </p>
      )}
      <section className="panel">
        <h2 className="panel-title">Key figures</h2>
        {/* Read before the figures: below them, the cost's B − A was read as a saving before its caveat. */}
        {!samePrices && (
          <p className="hint compare-cost-note" data-testid="compare-cost-note">
            {UNPRICED_MARK} The costs are priced by different policies (A: {describeVariant(a.variant)}; B: {describeVariant(b.variant)}):
            each is its own plan's, so their difference is no saving. Distance, vehicles and times compare alike.
          </p>
        )}
        <table className="data-table compare-kpis" data-testid="compare-kpis">
          <thead>
            <tr>
              <th />
              <th className="num">A</th>
              <th className="num">B</th>
              <th className="num">B − A</th>
            </tr>
          </thead>
          <tbody>
            {kpis.map(({ key, label, kind }) => (
              <tr key={key} data-testid={`compare-kpi-${key}`}>
                <th>{label}</th>
                {[a, b].map((plan, i) =>
                  hasFigure(plan, key) ? (
                    <td key={i} className="num">
                      {show(plan.evaluation[key], kind)}
                    </td>
                  ) : (
                    <td key={i} className="num" title={waitsInstead(plan)}>
                      —
                    </td>
                  ),
                )}
                {hasFigure(a, key) && hasFigure(b, key) ? (
                  <DeltaCell
                    delta={delta[key]}
                    text={units.difference(a.evaluation[key], b.evaluation[key], kind)}
                    judged={key !== 'cost' || samePrices}
                  />
                ) : (
                  <td />
                )}
              </tr>
            ))}
            <tr data-testid="compare-kpi-unserved">
              <th>Not served</th>
              <td className="num">{unservedA}</td>
              <td className="num">{unservedB}</td>
              <td className={`num delta ${tone(unservedB - unservedA)}`}>{units.delta(unservedB - unservedA, 'number')}</td>
            </tr>
            <tr data-testid="compare-rules">
              <th>Rules</th>
              <td className="num">{rulesText(a.evaluation)}</td>
              <td className="num">{rulesText(b.evaluation)}</td>
              <td />
            </tr>
          </tbody>
        </table>
      </section>
      <section className="panel">
        <h2 className="panel-title">
          Early, late, waited for or not served, in either plan {customers.length > 0 && <span className="count">{customers.length}</span>}
        </h2>
        {customers.length === 0 && !atDepot ? (
          <p className="empty" data-testid="compare-no-deviations">
            In both plans every customer is reached within its window, with no waiting.
          </p>
        ) : (
          <TableScroll short>
            <table className="data-table compare-customers" data-testid="compare-customers">
              {/* Four number columns of a set width (room for "not served"); the customer takes the rest, long ids cut. */}
              <colgroup>
                <col />
                <col className="deviation-col" span={4} />
              </colgroup>
              <thead>
                <tr>
                  <th>Customer</th>
                  <th className="num">Late A</th>
                  <th className="num">Late B</th>
                  <th className="num">{earlyLabel(a)} A</th>
                  <th className="num">{earlyLabel(b)} B</th>
                </tr>
              </thead>
              <tbody>
                {atDepot && (
                  <tr data-testid="compare-depot-wait" title={depotWaitTitle(a.variant, b.variant)}>
                    {/* Cut where the column is narrow, as a customer's id is: whole in its own tooltip, before the row's. */}
                    <td title={`${AT_DEPOT}: ${depotWaitTitle(a.variant, b.variant)}`}>
                      <span className="clip-text">{AT_DEPOT}</span>
                    </td>
                    <td className="num">—</td>
                    <td className="num">—</td>
                    <DeviationCell served minutes={drivenA.atDepot} units={units} />
                    <DeviationCell served minutes={drivenB.atDepot} units={units} />
                  </tr>
                )}
                {customers.map((c) => (
                  <tr key={c.customerId} data-testid={`compare-customer-${c.customerId}`}>
                    <td title={c.customerId}>
                      <span className="clip-text">{c.customerId}</span>
                    </td>
                    <DeviationCell served={c.servedA} why={whyA.get(c.customerId)} minutes={c.lateA} late units={units} />
                    <DeviationCell served={c.servedB} why={whyB.get(c.customerId)} minutes={c.lateB} late units={units} />
                    <DeviationCell served={c.servedA} why={whyA.get(c.customerId)} minutes={c.earlyA} units={units} />
                    <DeviationCell served={c.servedB} why={whyB.get(c.customerId)} minutes={c.earlyB} units={units} />
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        )}
      </section>
    </div>
  );
}

/** The first row's name: the time drivers spend at the depot before their first stop (depot-wait.ts). */
const AT_DEPOT = 'at the depot';

/** Marks the cost difference of plans priced by different policies, and the note above the figures that says why. */
const UNPRICED_MARK = '*';

/**
 * B − A, green where B is better and red where worse; a difference that shows as none ("0") is not coloured. One that
 * is no saving (costs priced by different policies) is shown muted with the note's mark beside it.
 */
function DeltaCell({ delta, text, judged }: { delta: number; text: string; judged: boolean }) {
  if (!judged)
    return (
      <td className="num delta delta-unjudged" title="No saving: the costs are priced by different policies (see the note above)">
        {text}
        <sup>{UNPRICED_MARK}</sup>
      </td>
    );
  return <td className={`num delta ${text !== '0' ? tone(delta) : ''}`}>{text}</td>;
}

const tone = (delta: number) => (delta > 1e-9 ? 'worse' : delta < -1e-9 ? 'better' : '');

// A variant is its name and its prices (alpha, beta where it has one, the penalty's shape): the same prices are the same fields.
const samePricing = (a: Variant, b: Variant) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/**
 * Minutes late or early in one plan, "—" for none (lateness of seconds shows as "<1m": the Plan view marks it late); a
 * plan that leaves the customer out says so rather than "—", with the reason as the cell's title.
 */
function DeviationCell(props: { served: boolean; why?: string; minutes: number; late?: boolean; units: Units }) {
  if (!props.served)
    return (
      <td className="num text-bad" title={props.why}>
        not served
      </td>
    );
  const shown = props.late ? props.minutes > 0 : visibleMinutes(props.minutes, props.units);
  if (!shown) return <td className="num">—</td>;
  return <td className={`num ${props.late ? 'text-bad' : 'text-warn'}`}>{props.units.duration(props.minutes)}</td>;
}

/** Minutes that show as a minute or more: seconds of waiting are shown as none in the comparison, like no waiting at all. */
const visibleMinutes = (minutes: number, units: Units): boolean =>
  minutes > 0 && ![units.duration(0), UNDER_A_MINUTE].includes(units.duration(minutes));

/** What a plan breaks, as the Plan view's status says it ("met", "2 not served", "1 violation · 2 not served"). */
const rulesText = (e: Evaluation): string => brokenText(brokenCounts(e)) || 'met';
