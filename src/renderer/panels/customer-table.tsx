/**
 * The customer table beside the map: sortable, filtered by a typed text, editable (demand, ready, due, service),
 * synchronised with the map selection, with the routing core's validation messages shown under the customer they name.
 * Sorting and filtering only change what is shown: the day keeps its customers in their stored order.
 */
import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import type { Instance, Routes } from '../../shared/domain.js';
import type { CustomerField } from '../state/draft.js';
import { matchesFilter, type SortKey, sortedIds, type TableSort } from './customer-order.js';
import { CustomerRow, type RowActions } from './customer-row.js';
import { cellText } from './editable-cell.js';
import { SortHeading } from './sort-heading.js';
import { TableScroll } from './table-scroll.js';
import { useRowWindow } from './use-row-window.js';
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
  // Four digits ("1507"), with the 1 px a side the field's cell pads (panels.css).
  { key: 'demand', label: 'Dem.', title: 'Demand', numeric: true, width: 40, nightWidth: 38 },
  // "06:00" (a night shift's "01:30+1") whole in a field whose cell pads 1 px a side (panels.css).
  { key: 'ready', label: 'Ready', title: 'Ready time', numeric: true, width: 46, nightWidth: 62 },
  { key: 'due', label: 'Due', title: 'Due time', numeric: true, width: 44, nightWidth: 62 },
  { key: 'service', label: 'Svc', title: 'Service time', numeric: true, width: 34, nightWidth: 30 },
  { key: 'route', label: 'Rt', title: 'Route', numeric: true, width: 28, nightWidth: 24 },
];
const ACTIONS_WIDTH = 20;
/** The Dem. column's widths fit four characters; each more in the day's longest demand ("12500", "1507.5") adds a digit's width at 12 px. */
const DEMAND_CHARS_FIT = 4;
const DIGIT_PX = 7;

/** A column's width for the day: the night widths where times read "01:30+1", the Dem. column as wide as its longest demand. */
function columnWidth(column: (typeof COLUMNS)[number], nextDay: boolean, demandChars: number): number | undefined {
  const width = nextDay ? column.nightWidth : column.width;
  if (width === undefined || column.key !== 'demand') return width;
  return width + Math.max(0, demandChars - DEMAND_CHARS_FIT) * DIGIT_PX;
}

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
  const demandChars = instance.customers.reduce((longest, c) => Math.max(longest, cellText(c.demand, 'quantity').length), 0);
  const { ready: opens, due: closes } = instance.depot;
  const toClock = useCallback((minutes: number) => inShift(minutes, opens, closes), [opens, closes]);
  // A closing time lies on its window's opening day (or the next, across midnight), as the import places it.
  const toClose = useCallback((minutes: number, opening: number) => closeInShift(minutes, opening, opens, closes), [opens, closes]);
  // The rows get handlers that never change, so a row whose customer did not change is not drawn again: a day of
  // 800 stops redraws one row for an edit, not 800.
  const latest = useRef({ onSelect, onEdit, onFollowShift, onRemove });
  latest.current = { onSelect, onEdit, onFollowShift, onRemove };
  const held = useRef((_id: string, _on: boolean) => {});
  const actions = useMemo<RowActions>(
    () => ({
      select: (id) => latest.current.onSelect(id),
      edit: (id, field, value, step) => latest.current.onEdit(id, field, value, step),
      followShift: (id, edge, step) => latest.current.onFollowShift(id, edge, step),
      remove: (id) => latest.current.onRemove(id),
      hold: (id, on) => held.current(id, on),
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

  // The id column's heading goes on to sort by name on a day with names.
  const byName = instance.customers.some((c) => c.name) ? { key: 'name' as const, label: 'Name' } : undefined;
  const shownRows = useMemo(() => rows.filter((c) => matchesFilter(c, filter)), [rows, filter]);
  const shownIds = useMemo(() => shownRows.map((c) => c.id), [shownRows]);
  // A screen reader counts the rows of the whole table, not of those drawn: the heading's, each shown customer's and
  // the lines of errors and of warnings under it.
  const rowIndex = useMemo(() => {
    const at = new Map<string, number>();
    let next = 2;
    for (const c of shownRows) {
      at.set(c.id, next);
      next += 1 + (errorsByCustomer.has(c.id) ? 1 : 0) + (warningsByCustomer?.has(c.id) ? 1 : 0);
    }
    return { at, count: next - 1 };
  }, [shownRows, errorsByCustomer, warningsByCustomer]);
  const scroll = useRef<HTMLDivElement>(null);
  const table = useRef<HTMLTableElement>(null);
  const win = useRowWindow({ ids: shownIds, selected, scroll, table });
  held.current = win.hold;

  if (instance.customers.length === 0) return <p className="empty">No customers yet.</p>;
  const t = instance.clockTimes;
  const span = COLUMNS.length + 1;
  const row = (c: (typeof rows)[number], hidden: boolean) => {
    const errors = errorsByCustomer.get(c.id);
    return (
      <CustomerRow
        customer={c}
        route={routeOf.get(c.id)}
        errors={errors}
        warnings={warningsByCustomer?.get(c.id)}
        selected={c.id === selected}
        hidden={hidden}
        rowIndex={hidden ? undefined : rowIndex.at.get(c.id)}
        clockTimes={t}
        geo={instance.coordinates?.kind === 'geo'}
        toClock={toClock}
        toClose={toClose}
        shiftStart={opens}
        actions={actions}
        span={span}
      />
    );
  };
  // One list of bodies, each customer's keyed by its id: a row that scrolls out of the window and back, or that the
  // filter hides and shows again, keeps its cells (and their focus, and any text typed) where it stays drawn.
  const bodies: ReactNode[] = [];
  for (const [place, { index, gapBefore }] of win.drawn.entries()) {
    if (gapBefore > 0) bodies.push(<RowsNotDrawn key={place === 0 ? 'gap:start' : `gap:${index}`} height={gapBefore} span={span} />);
    const c = shownRows[index];
    bodies.push(
      <tbody key={`customer:${c.id}`} data-index={index} ref={win.measure}>
        {row(c, false)}
      </tbody>,
    );
  }
  if (win.gapAfter > 0) bodies.push(<RowsNotDrawn key="gap:end" height={win.gapAfter} span={span} />);
  // Rows the filter leaves out are hidden, not taken away, while a cell of theirs holds text not in the day yet (typed,
  // or refused): it stays on the page, where the questions before leaving the day find it (refused-entries.ts), and
  // comes back with the row.
  for (const c of rows)
    if (win.isHeld(c.id) && !matchesFilter(c, filter)) bodies.push(<tbody key={`customer:${c.id}`}>{row(c, true)}</tbody>);
  return (
    <>
      {shownRows.length === 0 && (
        <p className="empty customer-filter-none" data-testid="customer-filter-none">
          No customer's id, name or address contains “{filter.trim()}”: clear the box to see them all.
        </p>
      )}
      <TableScroll testId="customer-table-scroll" scrollRef={scroll}>
        <table className="data-table customers" data-testid="customer-table" ref={table} aria-rowcount={rowIndex.count}>
          <colgroup>
            {COLUMNS.map((c) => (
              <col
                key={c.key}
                // A night shift's times read "01:30+1": the time columns widen, the small numbers' columns give up a
                // little, so the id column keeps room for an id at 1280 px.
                style={c.width ? { width: columnWidth(c, nextDay, demandChars) } : undefined}
              />
            ))}
            <col style={{ width: ACTIONS_WIDTH }} />
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
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
          {bodies}
        </table>
      </TableScroll>
    </>
  );
}

/** Stands in for rows not drawn, at their height: the scroll bar and the scrolling read as for the whole table. */
function RowsNotDrawn({ height, span }: { height: number; span: number }) {
  return (
    <tbody aria-hidden="true" className="rows-not-drawn">
      <tr style={{ height }}>
        <td colSpan={span} />
      </tr>
    </tbody>
  );
}
