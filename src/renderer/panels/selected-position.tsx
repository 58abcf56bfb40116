/**
 * The selected customer's position under the customer table, to type it (back) where a drag on the map put it wrong:
 * the same edit as the drag, checked as every edit is.
 */
import type { Instance } from '../../shared/domain.js';
import { type MovedTo, PositionCells } from './position-cells.js';

interface Props {
  instance: Instance;
  selected: string | null;
  onMove(id: string, to: MovedTo, step?: string): void;
}

export function SelectedPosition({ instance, selected, onMove }: Props) {
  const customer = instance.customers.find((c) => c.id === selected);
  if (!customer) return null;
  return (
    <table className="settings-grid selected-position" data-testid="selected-position">
      <tbody>
        <tr>
          <th className="selected-position-id" title={`Customer ${customer.id}`}>
            {customer.id}
          </th>
          {/* Another customer's cells start afresh, not with what was typed for the last one. */}
          <PositionCells
            key={customer.id}
            at={customer}
            geo={instance.coordinates?.kind === 'geo'}
            of={`customer ${customer.id}`}
            testId="selected"
            judgedBy={{ places: [instance.depot], nearest: 'the depot' }}
            onMove={(to, step) => onMove(customer.id, to, step)}
          />
        </tr>
      </tbody>
    </table>
  );
}
