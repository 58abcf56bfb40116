/**
 * The plan's totals as cards: cost, vehicles, distance (km on a lat/lon day), the time spent early, lateness,
 * each with the change after hand edits. Early arrival is "Wait" under a policy that waits (there the two totals
 * are the same number) and "Earliness" under the soft one, which serves at once and prices it.
 */
import { memo } from 'react';
import type { Evaluation, Instance, VariantName } from '../../shared/domain.js';
import { formatCost, formatNumber } from '../format.js';
import { costMadeOf } from './cost-made-of.js';
import { earlyFigure } from './time-window-policy.js';
import { unitsOf } from '../units.js';
import { brokenCounts, brokenText } from '../../shared/not-served.js';

interface Props {
  instance: Instance;
  variant: VariantName;
  evaluation: Evaluation;
  /** The plan before hand edits, to show what an edit changed. */
  before?: Evaluation | null;
  /** The day on screen has changes not saved yet: the figures are the saved instance's, and the badge says so. */
  onSavedInstance?: boolean;
}

type Kind = 'distance' | 'duration' | 'number' | 'cost';

/** Drawn again only when its figures change: not when the selection moves (an arrow key in the customer table). */
export const PlanKpis = memo(function PlanKpis({ instance, variant, evaluation, before, onSavedInstance = false }: Props) {
  const units = unitsOf(instance);
  const early = earlyFigure(variant);
  const cards: {
    key: 'cost' | 'vehicles' | 'distance' | 'wait' | 'early' | 'late';
    label: string;
    value: string;
    kind: Kind;
    bad?: boolean;
    /** What the figure is, where its label alone does not say (the cost's parts and unit). */
    title?: string;
  }[] = [
    { key: 'cost', label: 'Cost', value: formatCost(evaluation.cost), kind: 'cost', title: costMadeOf(instance, evaluation) },
    {
      key: 'vehicles',
      label: 'Vehicles',
      value: `${formatNumber(evaluation.vehicles, 0)} / ${formatNumber(instance.vehicles, 0)}`,
      kind: 'number',
      bad: evaluation.vehicles > instance.vehicles,
    },
    { key: 'distance', label: 'Distance', value: units.distance(evaluation.distance), kind: 'distance' },
    { ...early, value: units.duration(evaluation[early.key]), kind: 'duration' },
    { key: 'late', label: 'Lateness', value: units.duration(evaluation.late), kind: 'duration', bad: evaluation.late > 0 },
  ];
  // An edit that breaks rules the plan kept (a stop late under hard windows, a vehicle overloaded, a customer left
  // out) buys its lower cost with them: its changes are not shown as gains, only as changes.
  const brokenMore = before ? newViolations(before, evaluation) : 0;
  const deltaClass = (change: number) => (brokenMore > 0 ? 'kpi-delta' : change > 0 ? 'kpi-delta worse' : 'kpi-delta better');
  const deltaTitle =
    brokenMore > 0 ? `Not comparable: the edit breaks ${brokenMore} more rule${brokenMore === 1 ? '' : 's'} than the plan` : undefined;
  return (
    <div className="kpis" data-testid="plan-kpis">
      {cards.map((c) => {
        const change = before ? evaluation[c.key] - before[c.key] : 0;
        return (
          <div
            key={c.key}
            className={`kpi${c.bad ? ' kpi-bad' : ''}`}
            data-testid={`kpi-${c.key}`}
            title={c.title ?? `${c.label}: ${c.value}`}
          >
            <span className="kpi-label">{c.label}</span>
            <span className="kpi-value">{c.value}</span>
            {before && Math.abs(change) > 1e-9 && (
              <span className={deltaClass(change)} title={deltaTitle} data-testid={`kpi-delta-${c.key}`}>
                {/* From the figures as shown, as Compare's column: 20.0 to 30.1 is +10.1, not the raw change's +10.0. */}
                {units.difference(before[c.key], evaluation[c.key], c.kind)}
              </span>
            )}
          </div>
        );
      })}
      <div className={`kpi kpi-status ${evaluation.feasible ? 'ok' : 'bad'}`} data-testid="plan-feasible">
        {evaluation.feasible ? `✓ All rules met${priced(evaluation, variant)}` : `⚠ ${brokenText(brokenCounts(evaluation))}`}
        {onSavedInstance && ' (on the saved instance)'}
      </div>
    </div>
  );
});

/** Under soft windows a late (or early) stop breaks no rule but is paid for: said beside "All rules met". */
function priced(e: Evaluation, variant: VariantName): string {
  const paid = [e.late > 0 && 'lateness', e.early > 0 && earlyFigure(variant).key === 'early' && 'earliness'].filter(Boolean);
  return paid.length ? ` · ${paid.join(' and ')} priced` : '';
}

/** Violations of `after` that `before` does not have (by kind, route and customer). */
function newViolations(before: Evaluation, after: Evaluation): number {
  const key = (v: Evaluation['violations'][number]) => `${v.kind}|${v.route ?? ''}|${v.customerId ?? ''}`;
  const had = new Set(before.violations.map(key));
  return after.violations.filter((v) => !had.has(key(v))).length;
}
