/**
 * One editable table cell: shows the value (HH:MM for clock times), keeps the user's text while editing, and
 * commits on Enter or leaving the field. An unparsable entry stays visible with its reason; nothing is lost.
 */
import { useEffect, useId, useRef, useState } from 'react';
import {
  type CoordinateKind,
  formatCoordinateForEdit,
  formatTimeForEdit,
  parseCoordinate,
  parseCount,
  parseDuration,
  parseNonNegative,
  parsePositive,
  parseTime,
  type ParsedNumber,
} from '../format.js';
import { blockMisfit, cellEntry, cellInput, pastedBlock, registerCellEntry, revealRows, roomFrom } from './cell-grid.js';
import { APP_UNDO_FIELD } from '../hooks/undo-keys.js';
import { positionPair } from '../../shared/lat-lon-pair.js';
import { undoKeyOf } from '../state/undo-key.js';
import { messageNumber } from '../../shared/number-text.js';

/** What the cell holds: a time of day, an amount (0 or more), one above 0, a whole count, minutes (or H:MM), a coordinate. */
type CellKind = 'time' | 'quantity' | 'positive' | 'count' | 'duration' | CoordinateKind;

const PARSERS: Record<Exclude<CellKind, 'time'>, (text: string) => ParsedNumber> = {
  quantity: parseNonNegative,
  positive: parsePositive,
  count: parseCount,
  duration: parseDuration,
  latitude: (text) => parseCoordinate(text, 'latitude'),
  longitude: (text) => parseCoordinate(text, 'longitude'),
  planar: (text) => parseCoordinate(text, 'planar'),
};

const COORDINATES: ReadonlySet<CellKind> = new Set(['latitude', 'longitude', 'planar']);

interface Props {
  value: number;
  kind: CellKind;
  clockTimes?: boolean;
  /** `step` names the undo step a commit joins (every cell of one pasted block makes one). */
  onCommit(value: number, step?: string): void;
  testId: string;
  label: string;
  /** A window's opening: midnight after the first day reads 00:00+1 (a closing then reads 24:00, the day's end). */
  moment?: boolean;
  /** Places a typed time of day on the instance's clock (a night shift's 01:30 is the next day's). */
  toClock?: (minutes: number) => number;
  /** A value the cell does not own (a window edge that follows the shift): shown muted, with this as its tooltip. */
  derived?: string;
  /** Where an emptied cell means something (a window edge that follows the shift again), what it does. */
  onClear?: (step?: string) => void;
  /** The tooltip of a value the cell owns. */
  hint?: string;
  /** The values the instance allows (shared/limits.ts): one beyond is named here, not first at Save. */
  range?: readonly [number, number];
  /**
   * Told when the cell starts holding text not in the day (typed, or refused), and when it stops: a table that draws
   * only the rows in view keeps such a row drawn, where the questions before leaving the day find its text.
   */
  onHeld?: (held: boolean) => void;
  /** The columns the cell spans in its grid (a position's cell, as wide as a whole value of it needs). */
  span?: number;
  /**
   * A position's cell: a pair of numbers pasted or typed into it ("53.5511, 9.9937", a spreadsheet's two cells) is the
   * whole position, for both of its cells at once, not this cell's value or a block for the grid. Returns why it was
   * refused (the cell keeps the text, with the reason, and the day is unchanged), or null when the day took it.
   */
  onPair?: (pair: [string, string], step?: string) => string | null;
}

/** Why a value lies outside [lo, hi], in the cell's words; null inside. */
function outOfRange(value: number, [lo, hi]: readonly [number, number]): string | null {
  if (value > hi) return `must be at most ${messageNumber(hi)}`;
  if (value < lo) return `must be at least ${messageNumber(lo)}`;
  return null;
}

/** Numbers the pasted blocks: each is one undo step. */
let pastes = 0;

/** A value as its cell writes it for editing (the customer table sizes its Dem. column by it). */
export const cellText = (value: number, kind: Props['kind'], clockTimes?: boolean, moment?: boolean) =>
  kind === 'time' ? formatTimeForEdit(value, clockTimes, moment) : COORDINATES.has(kind) ? formatCoordinateForEdit(value) : String(value);

export function EditableCell(props: Props) {
  const { value, kind, clockTimes, moment, onCommit, testId, label, toClock, derived, onClear, hint, range } = props;
  const [text, setText] = useState(cellText(value, kind, clockTimes, moment));
  const [error, setError] = useState<string | null>(null);
  // Why a pasted block was not pasted: said at the cell, which keeps its value (not a refused entry of its own).
  const [notice, setNotice] = useState<string | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const errorId = useId();
  // Whether the user typed since the value last changed: a time typed into a cell that follows the shift makes it
  // the customer's own, even where it equals the shift's hours (it must not move when the shift does).
  const [typed, setTyped] = useState(false);
  // Counts commits: after one the cell shows the value the day keeps, not the text typed. The day may keep the value
  // it had (a position typed as its cells show the saved one, 52.5219070, is the saved 52.5219066): no new value then
  // re-renders the cell, and "52.5219070" stayed beside cells that show their values as formatted.
  const [commits, setCommits] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a commit is a trigger too (see `commits`)
  useEffect(() => {
    setText(cellText(value, kind, clockTimes, moment));
    setError(null);
    setTyped(false);
  }, [value, kind, clockTimes, moment, commits]);

  /** Commits `entered` (typed, or one value of a pasted block): true when the day took it, false when refused. */
  const commitText = (entered: string, wasTyped: boolean, step?: string): boolean => {
    if (onClear && entered.trim() === '') {
      setError(null);
      setTyped(false);
      setText(cellText(value, kind, clockTimes, moment));
      if (!derived) onClear(step);
      return true;
    }
    if (entered === cellText(value, kind, clockTimes, moment) && !(derived && wasTyped)) {
      setError(null);
      return true;
    }
    const pair = props.onPair && positionPair(entered);
    if (pair) {
      const refused = props.onPair!(pair, step);
      if (refused) setError(refused);
      else setCommits((n) => n + 1);
      return !refused;
    }
    const parsed: ParsedNumber = kind === 'time' ? parseTime(entered, clockTimes) : PARSERS[kind](entered);
    if (!parsed.ok) {
      setError(parsed.message);
      return false;
    }
    const beyond = range && outOfRange(parsed.value, range);
    if (beyond) {
      setError(beyond);
      return false;
    }
    const next = kind === 'time' && clockTimes && toClock ? toClock(parsed.value) : parsed.value;
    if (next !== value || derived) onCommit(next, step);
    setCommits((n) => n + 1);
    return true;
  };
  const commit = () => commitText(text, typed);
  /** Text not in the day: typed and not committed yet, or refused. */
  const held = error !== null || text !== cellText(value, kind, clockTimes, moment);
  const tellHeld = useRef(props.onHeld);
  tellHeld.current = props.onHeld;
  useEffect(() => {
    if (!held) return;
    tellHeld.current?.(true);
    // Also when the cell goes (its customer removed): it holds nothing any more.
    return () => tellHeld.current?.(false);
  }, [held]);
  /** The value the day keeps back in the cell, the text typed over it gone. */
  const revert = () => {
    setText(cellText(value, kind, clockTimes, moment));
    setError(null);
    setTyped(false);
  };

  // A value of a block pasted into another cell lands here as if typed and committed: one rule for both.
  const enter = useRef((_text: string, _step: string) => {});
  enter.current = (entered, step) => {
    setText(entered);
    setTyped(true);
    setNotice(null);
    commitText(entered, true, step);
  };
  useEffect(() => {
    if (field.current) registerCellEntry(field.current, (entered, step) => enter.current(entered, step));
  }, []);

  // True while the focus leaves by Enter or an arrow (its blur must not commit again).
  const moving = useRef(false);
  const moveDown = (input: HTMLInputElement, down: number) => {
    const next = cellInput(input, down, 0);
    moving.current = true;
    next?.focus();
    next?.select();
    moving.current = false;
  };

  /** A block copied from a spreadsheet fills the cells across and down from this one, as one undo step, or nothing. */
  const pasteBlock = (input: HTMLInputElement, block: string[][]) => {
    const misfit = blockMisfit(block, roomFrom(input));
    if (misfit) {
      setNotice(misfit);
      return;
    }
    setNotice(null);
    revealRows(input, block.length);
    const step = `paste ${++pastes}`;
    block.forEach((values, down) => {
      values.forEach((entered, across) => {
        const target = cellInput(input, down, across);
        if (target) cellEntry(target)?.(entered.trim(), step);
      });
    });
  };

  return (
    <td className={error ? 'cell-edit has-error' : 'cell-edit'} colSpan={props.span}>
      <input
        ref={field}
        value={text}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        // The reason is the field's description: a screen reader says why on the field, not only that it is invalid.
        aria-describedby={(error ?? notice) ? errorId : undefined}
        data-testid={testId}
        // Text not in the day (typed, not committed; or refused): leaving the page asks first (heldEntry).
        data-held={held ? '' : undefined}
        // Ctrl+Z here is the app's Undo of the last committed edit (undo-keys.ts), as in a spreadsheet.
        {...{ [APP_UNDO_FIELD]: '' }}
        // A coordinate's field is as wide as the longest value it shows (settings-grid in panels.css).
        className={derived ? 'derived' : COORDINATES.has(kind) ? 'coordinate' : undefined}
        title={derived ?? hint}
        inputMode={kind === 'time' && clockTimes ? 'text' : 'decimal'}
        onChange={(e) => {
          setText(e.target.value);
          setTyped(true);
          setNotice(null);
        }}
        onPaste={(e) => {
          // A paste event without clipboard data (dispatched by a script or an assistive tool) is one value as well.
          const pasted = e.clipboardData?.getData('text/plain') ?? '';
          // A position pasted whole replaces the cell's text and is entered at once, into both of its cells.
          if (props.onPair && positionPair(pasted)) {
            e.preventDefault();
            return enter.current(pasted.replace(/(\r\n|\r|\n)$/, ''), `paste ${++pastes}`);
          }
          const block = pastedBlock(pasted);
          // One value pastes as typed text. A time pasted over the same text changes nothing React sees, but it was
          // given as the customer's own.
          if (!block) return setTyped(true);
          e.preventDefault();
          pasteBlock(e.currentTarget, block);
        }}
        onBlur={() => {
          setNotice(null);
          // Left by Enter or an arrow, which committed already: a second commit would make a second undo step.
          if (!moving.current) commit();
        }}
        onKeyDown={(e) => {
          // As in a spreadsheet: Enter commits and goes down the column, the arrows up or down it (committing too); a
          // refused entry keeps the focus, with its reason.
          const down = { Enter: 1, ArrowDown: 1, ArrowUp: -1 }[e.key];
          if (down !== undefined) {
            e.preventDefault();
            if (commit()) moveDown(e.currentTarget, down);
          }
          if (e.key === 'Escape') revert();
          // While typing, as a spreadsheet in edit mode: Ctrl+Z takes the typed text back (the last committed edit
          // stays; the next Ctrl+Z undoes it), and there is nothing to redo. The browser's own text undo never runs:
          // it put old values back as text, which leaving the cell committed as a new edit.
          if (held && undoKeyOf(e) !== null) {
            e.preventDefault();
            if (undoKeyOf(e) === 'undo') revert();
          }
        }}
      />
      {(error ?? notice) && (
        <span className="cell-error" id={errorId} role="alert">
          {error ?? notice}
        </span>
      )}
    </td>
  );
}
