/**
 * The customer table beside the map: sortable, filtered by a typed text, editable (demand, ready, due, service),
 * synchronised with the map selection, with the routing core's validation messages shown under the customer they name.
 * Sorting and filtering only change what is shown: the day keeps its customers in their stored order.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Instance, Routes } from '../../shared/domain.js';
import type { CustomerField } from '../state/draft.js';
import { matchesFilter, type SortKey, sortedIds, type TableSort } from './customer-order.js';
import { CustomerRow, type RowActions } from './customer-row.js';
import { SortHeading } from './sort-heading.js';
import { TableScroll } from './table-scroll.js';
import { closeInShift, inShift, MINUTES_PER_DAY } from '../../shared/clock.js';

interface Props {
  instance: Instance;
  routes: Routes | null;
  selected: string | null;
  onSelect(id: string | null): void;
  /** `step` names the undo step the edit joins (the cells of one pasted block make one). */
  onEdit(id: string, field: CustomerField, value: number, step?: string): void;
  /** The customer's window edge follows the shift again (its cell was emptied). */
  onFollowShift(id: string, edge: 'ready' | 'due', step?: string): void;
  onRemove(id: string): void;
  errorsByCustomer: Map<string, string[]>;
  /** Text typed into the find box (customer-filter.tsx): only the customers whose id, name or address holds it are shown. */
  filter: string;
  /** Customers no vehicle can reach in their window: planned, but left unserved under hard windows. */
  warningsByCustomer?: Map<string, string[]>;
}

/**
 * Short headings (the full word in the tooltip) and fixed widths, so the table fits the side panel at 1280 px
 * without scrolling sideways; the id column takes what is left and cuts long names with an ellipsis.
 */
const COLUMNS: { key: SortKey; label: string; title: string; numeric: boolean; width?: number; nightWidth?: number }[] = [
  { key: 'id', label: 'ID', title: 'Customer', numeric: false },
  { key: 'demand', label: 'Dem.', title: 'Demand', numeric: true, width: 38, nightWidth: 36 },
  { key: 'ready', label: 'Ready', title: 'Ready time', numeric: true, width: 48, nightWidth: 64 },
  { key: 'due', label: 'Due', title: 'Due time', numeric: true, width: 46, nightWidth: 64 },
  { key: 'service', label: 'Svc', title: 'Service time', numeric: true, width: 34, nightWidth: 30 },
  { key: 'route', label: 'Rt', title: 'Route', numeric: true, width: 28, nightWidth: 24 },
];
const ACTIONS_WIDTH = 20;

export function CustomerTable({
  instance,
  routes,
  selected,
  onSelect,
  onEdit,
  onFollowShift,
  onRemove,
  errorsByCustomer,
  warningsByCustomer,
  filter,
}: Props) {
  const [sort, setSort] = useState<TableSort>({ key: 'id', dir: 1 });
  const routeOf = useMemo(() => {
    const map = new Map<string, number>();
    for (const [i, route] of (routes ?? []).entries()) for (const id of route) map.set(id, i);
    return map;
  }, [routes]);
  // Sorted by route, a route's stops read in the order they are driven, as on its driver sheet.
  const drivenOrder = useMemo(() => new Map((routes ?? []).flat().map((id, place) => [id, place])), [routes]);

  const nextDay = instance.clockTimes === true && instance.customers.some((c) => c.due > MINUTES_PER_DAY || c.ready > MINUTES_PER_DAY);
  const { ready: opens, due: closes } = instance.depot;
  const toClock = useCallback((minutes: number) => inShift(minutes, opens, closes), [opens, closes]);
  // A closing time lies on its window's opening day (or the next, across midnight), as the import places it.
  const toClose = useCallback((minutes: number, opening: number) => closeInShift(minutes, opening, opens, closes), [opens, closes]);
  // The rows get handlers that never change, so a row whose customer did not change is not drawn again: a day of
  // 800 stops redraws one row for an edit, not 800.
  const latest = useRef({ onSelect, onEdit, onFollowShift, onRemove });
  latest.current = { onSelect, onEdit, onFollowShift, onRemove };
  const actions = useMemo<RowActions>(
    () => ({
      select: (id) => latest.current.onSelect(id),
      edit: (id, field, value, step) => latest.current.onEdit(id, field, value, step),
      followShift: (id, edge, step) => latest.current.onFollowShift(id, edge, step),
      remove: (id) => latest.current.onRemove(id),
    }),
    [],
  );
  // The rows are sorted when the sort or the set of customers changes (or the routes, sorted by route), not when a
  // value is edited: a row that jumped away as its sorted cell was committed would take the focus with it, and the
  // next field typed into would be another customer's. Clicking the heading sorts again.
  const sorted = useRef<{ sort: typeof sort; ids: string; routeOf: Map<string, number> | null; order: string[] } | null>(null);
  const rows = useMemo(() => {
    const ids = instance.customers.map((c) => c.id).join('\u0000');
    const routed = sort.key === 'route' ? routeOf : null;
    const last = sorted.current;
    if (!last || last.sort !== sort || last.ids !== ids || last.routeOf !== routed) {
      sorted.current = { sort, ids, routeOf: routed, order: sortedIds(instance.customers, sort, routeOf, drivenOrder) };
    }
    const byId = new Map(instance.customers.map((c) => [c.id, c]));
    return sorted.current!.order.map((id) => byId.get(id)!);
  }, [instance.customers, sort, routeOf, drivenOrder]);

  const selectedRow = useRef<HTMLTableRowElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selection is the trigger; the row it names is read through the ref
  useEffect(() => {
    // Braces matter: newer browsers return a promise from scrollIntoView, which React would take for a cleanup.
    selectedRow.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  // The id column's heading goes on to sort by name on a day with names.
  const byName = instance.customers.some((c) => c.name) ? { key: 'name' as const, label: 'Name' } : undefined;
  // Rows the filter leaves out are hidden, not taken away: a cell's text not in the day yet (typed, or refused) stays
  // on the page, where the questions before leaving the day find it (refused-entries.ts), and comes back with the row.
  const shown = useMemo(() => new Set(rows.filter((c) => matchesFilter(c, filter)).map((c) => c.id)), [rows, filter]);

  if (instance.customers.length === 0) return <p className="empty">No customers yet.</p>;
  const t = instance.clockTimes;
  return (
    <>
      {shown.size === 0 && (
        <p className="empty customer-filter-none" data-testid="customer-filter-none">
          No customer's id, name or address contains “{filter.trim()}”: clear the box to see them all.
        </p>
      )}
      <TableScroll testId="customer-table-scroll">
        <table className="data-table customers" data-testid="customer-table">
          <colgroup>
            {COLUMNS.map((c) => (
              <col
                key={c.key}
                // A night shift's times read "01:30+1": the time columns widen, the small numbers' columns give up a
                // little, so the id column keeps room for an id at 1280 px.
                style={c.width ? { width: nextDay ? c.nightWidth : c.width } : undefined}
              />
            ))}
            <col style={{ width: ACTIONS_WIDTH }} />
          </colgroup>
          <thead>
            <tr>
              {COLUMNS.map((c) => (
                <SortHeading
                  key={c.key}
                  sortKey={c.key}
                  label={c.label}
                  title={c.title}
                  numeric={c.numeric}
                  sort={sort}
                  onSort={setSort}
                  then={c.key === 'id' ? byName : undefined}
                />
              ))}
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => {
              const errors = errorsByCustomer.get(c.id);
              const isSelected = c.id === selected;
              return (
                <CustomerRow
                  key={c.id}
                  customer={c}
                  route={routeOf.get(c.id)}
                  errors={errors}
                  warnings={errors ? undefined : warningsByCustomer?.get(c.id)}
                  selected={isSelected}
                  hidden={!shown.has(c.id)}
                  rowRef={isSelected ? selectedRow : undefined}
                  clockTimes={t}
                  geo={instance.coordinates?.kind === 'geo'}
                  toClock={toClock}
                  toClose={toClose}
                  shiftStart={opens}
                  actions={actions}
                  span={COLUMNS.length + 1}
                />
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
