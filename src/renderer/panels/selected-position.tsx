/**
 * The selected customer's position under the customer table, to type it (back) where a drag on the map put it wrong:
 * the same edit as the drag, checked as every edit is, and its latitude and longitude, typed one at a time, warned
 * about where they look written longitude first (judged by the depot, as the add dialog judges a new stop; by nothing
 * while the depot itself looks written longitude first: stopJudgedBy).
 */
import type { Instance } from '../../shared/domain.js';
import { stopJudgedBy } from '../../shared/far-from-depot.js';
import { LonFirstWarning, type MovedTo, PositionCells, useLonFirstAfterTyping } from './position-cells.js';

interface Props {
  instance: Instance;
  selected: string | null;
  onMove(id: string, to: MovedTo, step?: string): void;
}

export function SelectedPosition({ instance, selected, onMove }: Props) {
  const customer = instance.customers.find((c) => c.id === selected);
  const geo = instance.coordinates?.kind === 'geo';
  // Judged by the depot, unless the depot itself looks typed longitude first: then it is the suspect (stopJudgedBy).
  const others = instance.customers.filter((c) => c.id !== selected);
  const judgedBy = { places: stopJudgedBy(instance.depot, others), nearest: 'the depot' };
  const lonFirst = useLonFirstAfterTyping(customer ?? instance.depot, geo, judgedBy, customer?.id ?? '');
  if (!customer) return null;
  return (
    <>
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
              geo={geo}
              of={`customer ${customer.id}`}
              testId="selected"
              judgedBy={judgedBy}
              onMove={(to, step) => onMove(customer.id, to, step)}
              onTyped={lonFirst.onTyped}
            />
          </tr>
        </tbody>
      </table>
      <LonFirstWarning warning={lonFirst.warning} testId="selected-lon-first" />
    </>
  );
}
