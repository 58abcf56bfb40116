/**
 * Stored models (shipped and trained here) with their cards, and which days each active one plans: every size of its
 * policy (activated here by hand) or the size bands a retraining run's verdict activated it for.
 */
import type { ModelInfo } from '../../shared/api.js';
import { VARIANT_LABELS } from '../../shared/domain.js';
import { activeDaysWords, someDaysWords } from '../../shared/model-choice.js';
import { formatDateTime, formatNumber } from '../format.js';
import { TableScroll } from '../panels/table-scroll.js';

interface Props {
  models: ModelInfo[];
  onActivate(id: number): void;
  /** Back to the automatic choice (the shipped model nearest in size) for this model's method and policy. */
  onAutomatic(model: ModelInfo): void;
  /** Removes a model trained or imported here, once the dispatcher confirms. */
  onDelete(model: ModelInfo): void;
}

/** What deleting a model does, asked before it is done. */
function deleteQuestion(m: ModelInfo, models: ModelInfo[]): string {
  const days = activeDaysWords(models, m);
  const active = days ? ` It is active for ${VARIANT_LABELS[m.card.variant]} ${days}: they go back to the automatic choice.` : '';
  return `Delete the model ${m.name}? Its folder is removed if it was trained here (an imported folder stays on disk).${active}`;
}

export function ModelsList({ models, onActivate, onAutomatic, onDelete }: Props) {
  if (models.length === 0) return <p className="empty">No models yet.</p>;
  return (
    <TableScroll testId="models-table-scroll">
      <table className="data-table models-table" data-testid="models-table">
        <thead>
          <tr>
            <th>Model</th>
            <th>Policy</th>
            <th className="num">Size</th>
            <th className="num">Instances seen</th>
            <th
              className="num"
              title="Mean greedy cost on the model's own validation days, in the model's units (its frame: a shift of 1,000, a shift charged per customer left out), not a plan's cost: generated days for a shipped model; for a retrained one your held-out days, or perturbed copies of its training days where too few were ticked to hold any out. Models validated on different days do not compare by this figure; a run's verdict compares them on the same days, in your days' costs."
            >
              Validation cost*
            </th>
            <th>Created</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {models.map((m) => {
            const days = activeDaysWords(models, m);
            const some = someDaysWords(models, m);
            const policy = VARIANT_LABELS[m.card.variant];
            return (
              <tr key={m.id} data-testid={`model-row-${m.id}`} className={m.active ? 'active-row' : undefined}>
                <td>
                  <b>{m.name}</b> <span className="tag">{m.card.method === 'am' ? 'AM+TW' : 'JAMPR'}</span>
                  {m.builtIn && <span className="tag tag-muted">shipped</span>}
                </td>
                <td>{VARIANT_LABELS[m.card.variant] ?? m.card.variant}</td>
                <td className="num">{m.card.size}</td>
                <td className="num">{formatNumber(m.card.instancesSeen, 0)}</td>
                <td className="num" data-testid={`validation-cost-${m.id}`}>
                  {m.card.validationCost === null ? '—' : formatNumber(m.card.validationCost)}
                  {m.card.validationCost !== null && m.card.validationUnits === 'plan' && <span className="hint"> plan cost</span>}
                </td>
                <td>{formatDateTime(m.card.createdAt)}</td>
                <td>
                  {/* One button in one place for both states, so that the focus stays on it when Enter swaps them. */}
                  {m.active && (
                    <>
                      <span className="badge badge-ok" data-testid={`model-active-${m.id}`} title={`It plans the ${policy} ${days}`}>
                        active
                      </span>{' '}
                      {/* Said where it plans some sizes only (a run's verdict activated it for them): "active" alone is every size. */}
                      {some && (
                        <>
                          <span className="hint" data-testid={`active-days-${m.id}`}>
                            for {some}
                          </span>{' '}
                        </>
                      )}
                    </>
                  )}
                  <button
                    className="btn btn-small"
                    data-testid={m.active ? `automatic-model-${m.id}` : `activate-model-${m.id}`}
                    title={
                      m.active
                        ? `Back to the automatic choice: no ${policy} model stays active, each day takes the shipped model nearest in size`
                        : `Plan the ${policy} days of every size with it`
                    }
                    onClick={() => (m.active ? onAutomatic(m) : onActivate(m.id))}
                  >
                    {m.active ? 'Use automatic choice' : 'Activate'}
                  </button>
                  {!m.builtIn && (
                    <>
                      {' '}
                      <button
                        className="btn btn-small"
                        data-testid={`delete-model-${m.id}`}
                        aria-label={`Delete model ${m.name}`}
                        onClick={() => window.confirm(deleteQuestion(m, models)) && onDelete(m)}
                      >
                        Delete
                      </button>
                    </>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="note" data-testid="validation-note">
        * On each model's own validation days, so two models compare by it only when validated on the same days: marked “plan cost”, the
        mean cost of its greedy plans of your held-out days as the Plan view prices them (a model retrained here on held-out days, the
        figure its verdict gave); otherwise in the model's own units, not a plan's cost (generated days for a shipped model, or perturbed
        copies of its training days where too few were ticked to hold any out, or a model retrained before plan costs were kept). A training
        run's verdict compares the new model with the current one on your days, and a model it activates plans only the days of the size
        bands it was judged on (the days the shipped model it replaces would plan: by their size, the N=20 or the N=50 one); one activated
        here by hand plans every size. Without an active model, each policy plans with the shipped model nearest in size.
      </p>
    </TableScroll>
  );
}
