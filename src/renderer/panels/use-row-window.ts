/**
 * The customer table draws only the rows in view and a margin around them: a day of 1,000 stops kept 1,000 rows of
 * inputs in the page, which the browser styled and laid out again at every arrow key (most of a key press's time).
 * The rows left out are stood in for by empty rows of their height (measured once drawn; until then the height most
 * rows drawn have, as the day's names and the plan's route chips make it), so the scroll bar and the scrolling read as
 * for the whole table.
 *
 * Drawn wherever the table is scrolled: the selected customer's row (it holds the keyboard, or a click on the map just
 * chose it), rows with text not in the day yet (the questions before leaving the day read it from the page:
 * refused-entries.ts), and the rows a keyboard move or a pasted block reaches (cell-grid.ts asks for them).
 */
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { registerTableWindow } from './cell-grid.js';
import { useTypicalHeight } from './typical-height.js';

/**
 * A row's height before any row is measured: a customer without a name under its id. Once rows are drawn, those not
 * drawn yet count as tall as most drawn rows: a fixed guess of 29 px left a day of named customers (35 px a row)
 * 6 px short a row, some 6,000 px over 1,000 rows, so the scroll bar's thumb and a drag of it landed far from the rows
 * shown there.
 */
const ROW_ESTIMATE = 29;
/** Rows drawn beyond each edge of the view: enough for a key held down to find its next row drawn. */
const OVERSCAN = 10;

/** A row to draw: its place among the rows shown, and the room of rows not drawn just before it (px). */
export interface DrawnRow {
  index: number;
  gapBefore: number;
}

interface Options {
  /** The ids of the rows shown, in the order shown. */
  ids: readonly string[];
  selected: string | null;
  /** The table's scrolling box. */
  scroll: RefObject<HTMLElement | null>;
  table: RefObject<HTMLTableElement | null>;
}

/**
 * Which rows to draw, and what the table needs for it. Each shown customer's rows form one `<tbody>` with
 * `data-index` (its place among `ids`) and `ref={measure}`: so a row's height counts the messages under it.
 */
export function useRowWindow({ ids, selected, scroll, table }: Options) {
  const indexOf = useMemo(() => new Map(ids.map((id, i) => [id, i])), [ids]);
  // Customers whose cells hold text not in the day, by how many of their cells do (EditableCell's onHeld).
  const held = useRef(new Map<string, number>());
  // Rows a keyboard move or a pasted block reached (TableWindow.reveal), by place.
  const [reached, setReached] = useState<{ from: number; to: number } | null>(null);
  // The rows' tops are measured from the scrolling box's top, below the heading.
  const [headHeight, setHeadHeight] = useState(0);

  const selectedAt = selected === null ? undefined : indexOf.get(selected);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const drawn = new Set(defaultRangeExtractor(range));
      if (selectedAt !== undefined) drawn.add(selectedAt);
      for (const id of held.current.keys()) {
        const at = indexOf.get(id);
        if (at !== undefined) drawn.add(at);
      }
      if (reached) for (let i = Math.max(0, reached.from); i <= Math.min(reached.to, range.count - 1); i++) drawn.add(i);
      return [...drawn].sort((a, b) => a - b);
    },
    [selectedAt, indexOf, reached],
  );
  const typical = useTypicalHeight(ROW_ESTIMATE);
  // A new key function has the virtualiser place every row again, so the rows not drawn take a new typical height.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the typical height is the trigger
  const getItemKey = useCallback((index: number) => ids[index], [ids, typical.height]);
  const virtualizer = useVirtualizer({
    count: ids.length,
    getScrollElement: () => scroll.current,
    estimateSize: () => typical.height,
    measureElement: typical.measure,
    getItemKey,
    overscan: OVERSCAN,
    scrollMargin: headHeight,
    // Scrolled to, a row shows below the sticky heading, not under it.
    scrollPaddingStart: headHeight,
    rangeExtractor,
  });
  // The selected customer's row is brought into view where it is out of it (chosen on the map, say): by the
  // virtualiser, which scrolls again once the rows on the way are measured (a row scrolled to by its estimated place
  // ended a row off). One reached by the keyboard is in view already: its field's focus scrolled it there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selection is the trigger; its place is read with it
  useEffect(() => {
    if (selectedAt === undefined || !scroll.current) return;
    const row = scroll.current.querySelector(`tbody[data-index="${selectedAt}"]`);
    const view = scroll.current.getBoundingClientRect();
    const at = row?.getBoundingClientRect();
    if (at && at.top >= view.top + headHeight && at.bottom <= view.bottom) return;
    virtualizer.scrollToIndex(selectedAt, { align: 'auto' });
  }, [selected]);

  const items = virtualizer.getVirtualItems();
  const drawn: DrawnRow[] = [];
  let end = headHeight;
  for (const item of items) {
    drawn.push({ index: item.index, gapBefore: item.start - end });
    end = item.end;
  }
  const gapAfter = virtualizer.getTotalSize() + headHeight - end;
  const drawnNow = useRef(new Set<number>());
  drawnNow.current = new Set(items.map((item) => item.index));

  // A keyboard move or a paste reached rows out of the window for the row it left: the next selection leaves them.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the selection is the trigger
  useEffect(() => {
    if (reached) setReached(null);
  }, [selected]);

  // The grid's way to rows not drawn (cell-grid.ts), reading the rows of the latest drawing; and the heading's height.
  // Once per table element: the table is not on the page while the day has no customers.
  const count = useRef(ids.length);
  count.current = ids.length;
  const registered = useRef<HTMLTableElement | null>(null);
  useLayoutEffect(() => {
    if (!table.current || registered.current === table.current) return;
    registered.current = table.current;
    setHeadHeight(table.current.tHead?.offsetHeight ?? 0);
    const placeOf = (row: HTMLTableRowElement) => Number((row.parentElement as HTMLElement | null)?.dataset.index ?? Number.NaN);
    registerTableWindow(table.current, {
      reveal(row, down) {
        const at = placeOf(row);
        if (Number.isNaN(at)) return;
        const [from, to] = down < 0 ? [at + down, at] : [at, at + down];
        for (let i = Math.max(0, from); i <= Math.min(to, count.current - 1); i++) {
          if (!drawnNow.current.has(i)) {
            // Drawn before the move or the paste goes on, in the same key press.
            flushSync(() => setReached({ from, to }));
            return;
          }
        }
      },
      rowsBelow(row) {
        const at = placeOf(row);
        return Number.isNaN(at) ? 0 : count.current - 1 - at;
      },
    });
  });

  /** Keeps (or stops keeping) a customer's row drawn: one of its cells holds text not in the day, or stopped. */
  const hold = useCallback((id: string, on: boolean) => {
    const cells = (held.current.get(id) ?? 0) + (on ? 1 : -1);
    if (cells > 0) held.current.set(id, cells);
    else held.current.delete(id);
  }, []);
  const isHeld = (id: string) => held.current.has(id);

  return { drawn, gapAfter, measure: virtualizer.measureElement, hold, isHeld };
}
