/**
 * One customer's row of the customer table: its id and name, its editable demand, window and service cells, its route
 * and its remove button, with its validation messages and warnings under it.
 */
import { memo, useRef } from 'react';
import type { Customer } from '../../shared/domain.js';
import { positionText } from '../../shared/position-text.js';
import { routeColour } from '../map/palette.js';
import { inkOn } from '../map/route-ink.js';
import type { CustomerField } from '../state/draft.js';
import { EditableCell } from './editable-cell.js';
import { gridRow } from './cell-grid.js';

export interface RowActions {
  select(id: string | null): void;
  edit(id: string, field: CustomerField, value: number, step?: string): void;
  followShift(id: string, edge: 'ready' | 'due', step?: string): void;
  remove(id: string): void;
  /** One of the row's cells holds text not in the day (typed, or refused), or stopped: its row is kept drawn meanwhile. */
  hold(id: string, on: boolean): void;
}

interface RowProps {
  customer: Customer;
  route: number | undefined;
  errors: string[] | undefined;
  warnings: string[] | undefined;
  selected: boolean;
  /** Left out by the table's filter while a cell of its holds text not in the day yet: kept on the page, not shown. */
  hidden: boolean;
  /** Its first row's place in the whole table (aria-rowindex), which draws only the rows in view; none when hidden. */
  rowIndex: number | undefined;
  clockTimes: boolean | undefined;
  geo: boolean;
  toClock(minutes: number): number;
  toClose(minutes: number, opening: number): number;
  /** The shift's start: a ready time emptied opens with it again. */
  shiftStart: number;
  actions: RowActions;
  /** The table's columns, which a customer's messages under its row span. */
  span: number;
}

/** One customer's row, with its validation messages under it; drawn again only when one of its props changes. */
export const CustomerRow = memo(function CustomerRow(props: RowProps) {
  const { customer: c, route, errors, warnings, selected, clockTimes: t, toClock, toClose, actions } = props;
  // The opening a due time entered here takes its day from (on a night shift): the ready time shown, or one entered in
  // the same event. A pasted block enters the ready cell, then the due cell, before the row is drawn again: 23:00 and
  // 23:30 pasted over 02:00+1–04:00+1 close at 23:30, not at 23:30+1 after the ready time the row showed before.
  const opening = useRef(c.ready);
  opening.current = c.ready;
  const hold = (on: boolean) => actions.hold(c.id, on);
  // The line of its errors, then that of its warnings, each under the one before: a row may have both.
  const errorsAt = props.rowIndex === undefined ? undefined : props.rowIndex + 1;
  const warningsAt = errorsAt === undefined ? undefined : errorsAt + (errors ? 1 : 0);
  return (
    <>
      <tr
        hidden={props.hidden}
        className={`${selected ? 'selected' : ''}${errors ? ' row-invalid' : ''}`}
        data-testid={`customer-row-${c.id}`}
        aria-rowindex={props.rowIndex}
        aria-selected={selected}
        // Clicking a cell's field to edit it selects the customer; clicking elsewhere toggles.
        onClick={(e) => actions.select(selected && !(e.target instanceof HTMLInputElement) ? null : c.id)}
        // Reaching one of its fields or its remove button by the keyboard selects it too, as a click does: the table is
        // the keyboard's way to a stop (its position under the table, its route in the plan panel, ✕ removes it).
        onFocus={() => {
          if (!selected) actions.select(c.id);
        }}
      >
        <td className="cell-id" title={placeTitle(c, props.geo)} data-testid={`customer-id-${c.id}`}>
          {c.id}
          {c.name && <span className="cell-name">{c.name}</span>}
        </td>
        <EditableCell
          label={`Demand of ${c.id}`}
          kind="quantity"
          value={c.demand}
          testId={`edit-demand-${c.id}`}
          onHeld={hold}
          onCommit={(v, step) => actions.edit(c.id, 'demand', v, step)}
        />
        <EditableCell
          label={`Ready time of ${c.id}`}
          kind="time"
          clockTimes={t}
          value={c.ready}
          testId={`edit-ready-${c.id}`}
          onHeld={hold}
          onCommit={(v, step) => {
            opening.current = v;
            actions.edit(c.id, 'ready', v, step);
          }}
          moment
          toClock={toClock}
          derived={c.opensWithShift ? 'Opens with the shift: follows the shift start' : undefined}
          onClear={(step) => {
            opening.current = props.shiftStart;
            actions.followShift(c.id, 'ready', step);
          }}
          hint="Empty: opens with the shift"
        />
        <EditableCell
          label={`Due time of ${c.id}`}
          kind="time"
          clockTimes={t}
          value={c.due}
          testId={`edit-due-${c.id}`}
          onHeld={hold}
          onCommit={(v, step) => actions.edit(c.id, 'due', v, step)}
          toClock={(minutes) => toClose(minutes, opening.current)}
          derived={c.closesWithShift ? 'Closes with the shift: follows the shift end' : undefined}
          onClear={(step) => actions.followShift(c.id, 'due', step)}
          hint="Empty: closes with the shift"
        />
        <EditableCell
          label={`Service time of ${c.id}`}
          kind="duration"
          value={c.service}
          testId={`edit-service-${c.id}`}
          onHeld={hold}
          onCommit={(v, step) => actions.edit(c.id, 'service', v, step)}
        />
        <td className="num">
          {route !== undefined ? (
            <span className="route-chip" style={{ background: routeColour(route), color: inkOn(routeColour(route)) }}>
              {route + 1}
            </span>
          ) : (
            '—'
          )}
        </td>
        <td className="cell-actions">
          <button
            className="icon-btn"
            aria-label={`Remove customer ${c.id}`}
            title="Remove customer"
            onClick={(e) => {
              e.stopPropagation();
              // Pressed from the keyboard (a click of no mouse button: detail 0), the keyboard stays in the table, on
              // the next row's ✕ (the one before at the end), not back at the page's top; that row takes the
              // selection, as reaching it by Tab does. A mouse click leaves nothing selected.
              // The rows shown: those the table's filter hides are skipped (cell-grid.ts).
              const row = e.currentTarget.closest('tr');
              const beside = e.detail === 0 && row ? (gridRow(row, 1) ?? gridRow(row, -1)) : null;
              const next = beside?.querySelector<HTMLButtonElement>('.cell-actions button');
              actions.remove(c.id);
              next?.focus();
            }}
          >
            ✕
          </button>
        </td>
      </tr>
      {errors && (
        <tr className="row-errors" hidden={props.hidden} aria-rowindex={errorsAt} data-testid={`customer-errors-${c.id}`}>
          <td colSpan={props.span}>{errors.join('; ')}</td>
        </tr>
      )}
      {warnings && (
        <tr className="row-warnings" hidden={props.hidden} aria-rowindex={warningsAt} data-testid={`customer-warnings-${c.id}`}>
          <td colSpan={props.span}>{warnings.join('; ')}</td>
        </tr>
      )}
    </>
  );
});

/** Name, address and position of a stop, one per line, for the id cell's tooltip. */
function placeTitle(c: Customer, geo: boolean): string {
  // The id first: the cell clips a long one.
  return [c.id, c.name, c.address, positionText(c, geo)].filter(Boolean).join('\n');
}
