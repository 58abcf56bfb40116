/** Stored models (shipped and trained here) with their cards; one per variant and size is active for planning. */
import type { ModelInfo } from '../../shared/api.js';
import { VARIANT_LABELS } from '../../shared/domain.js';
import { formatDateTime, formatNumber } from '../format.js';

interface Props {
  models: ModelInfo[];
  onActivate(id: number): void;
  /** Back to the automatic choice (nearest trained size) for this model's method and policy. */
  onAutomatic(model: ModelInfo): void;
}

export function ModelsList({ models, onActivate, onAutomatic }: Props) {
  if (models.length === 0) return <p className="empty">No models yet.</p>;
  return (
    <div className="table-scroll" data-testid="models-table-scroll">
      <table className="data-table models-table" data-testid="models-table">
        <thead>
          <tr>
            <th>Model</th>
            <th>Policy</th>
            <th className="num">Size</th>
            <th className="num">Instances seen</th>
            <th className="num">Validation cost</th>
            <th>Created</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {models.map((m) => (
            <tr key={m.id} data-testid={`model-row-${m.id}`} className={m.active ? 'active-row' : undefined}>
              <td>
                <b>{m.name}</b> <span className="tag">{m.card.method === 'am' ? 'AM+TW' : 'JAMPR'}</span>
                {m.builtIn && <span className="tag tag-muted">shipped</span>}
              </td>
              <td>{VARIANT_LABELS[m.card.variant] ?? m.card.variant}</td>
              <td className="num">{m.card.size}</td>
              <td className="num">{formatNumber(m.card.instancesSeen, 0)}</td>
              <td className="num">{m.card.validationCost === null ? '—' : formatNumber(m.card.validationCost)}</td>
              <td>{formatDateTime(m.card.createdAt)}</td>
              <td>
                {m.active ? (
                  <>
                    <span className="badge badge-ok" data-testid={`model-active-${m.id}`}>
                      active
                    </span>{' '}
                    <button className="btn btn-small" data-testid={`automatic-model-${m.id}`} onClick={() => onAutomatic(m)}>
                      Automatic choice
                    </button>
                  </>
                ) : (
                  <button className="btn btn-small" data-testid={`activate-model-${m.id}`} onClick={() => onActivate(m.id)}>
                    Activate
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
