/** The plan's totals as cards: cost, vehicles, distance, wait, earliness, lateness (with the change after edits). */
import type { Evaluation, Instance } from '../../shared/domain.js';
import { formatDelta, formatDuration, formatNumber } from '../format.js';

interface Props {
  instance: Instance;
  evaluation: Evaluation;
  /** The plan before hand edits, to show what an edit changed. */
  before?: Evaluation | null;
}

export function PlanKpis({ instance, evaluation, before }: Props) {
  const d = (v: number) => formatDuration(v, instance.clockTimes);
  const cards: { key: keyof Evaluation & string; label: string; value: string; raw: number; bad?: boolean }[] = [
    { key: 'cost', label: 'Cost', value: formatNumber(evaluation.cost), raw: evaluation.cost },
    {
      key: 'vehicles',
      label: 'Vehicles',
      value: `${evaluation.vehicles} / ${instance.vehicles}`,
      raw: evaluation.vehicles,
      bad: evaluation.vehicles > instance.vehicles,
    },
    { key: 'distance', label: 'Distance', value: formatNumber(evaluation.distance), raw: evaluation.distance },
    { key: 'wait', label: 'Wait', value: d(evaluation.wait), raw: evaluation.wait },
    { key: 'early', label: 'Earliness', value: d(evaluation.early), raw: evaluation.early },
    { key: 'late', label: 'Lateness', value: d(evaluation.late), raw: evaluation.late, bad: evaluation.late > 0 },
  ];
  return (
    <div className="kpis" data-testid="plan-kpis">
      {cards.map((c) => {
        const prior = before ? (before[c.key] as number) : null;
        const change = prior === null ? 0 : c.raw - prior;
        return (
          <div key={c.key} className={`kpi${c.bad ? ' kpi-bad' : ''}`} data-testid={`kpi-${c.key}`}>
            <span className="kpi-label">{c.label}</span>
            <span className="kpi-value">{c.value}</span>
            {prior !== null && Math.abs(change) > 1e-9 && (
              <span className={change > 0 ? 'kpi-delta worse' : 'kpi-delta better'}>{formatDelta(change)}</span>
            )}
          </div>
        );
      })}
      <div className={`kpi kpi-status ${evaluation.feasible ? 'ok' : 'bad'}`} data-testid="plan-feasible">
        {evaluation.feasible
          ? '✓ All rules met'
          : `⚠ ${evaluation.violations.length} violation${evaluation.violations.length === 1 ? '' : 's'}`}
      </div>
    </div>
  );
}
