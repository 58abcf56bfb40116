/**
 * A long list of days (the history, the Training tab's days to tick) draws only the entries in view and a margin
 * around them: two years of days kept 2,000 entries in the page, which the browser laid out whenever the list was
 * shown or changed (most of a second at start, on opening a day, on opening the Training tab). The entries left out
 * are stood in for by the room they take (measured once drawn; until then the height most drawn entries have), so
 * the scroll bar and the scrolling read as for the whole list. As the customer table's rows (use-row-window.ts).
 *
 * A list of up to DRAWN_WHOLE_UP_TO entries is drawn whole: the browser's find (Ctrl+F) reaches each of its days. Drawn
 * wherever a longer list is scrolled: an entry to keep (the open day) and the entry holding
 * the keyboard (a day scrolled away with the wheel keeps its focus). The Tab key walks on past the entries drawn: the
 * next entry is in the margin, and focusing it scrolls the list, which draws the ones after it.
 */
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { DrawnRow } from './use-row-window.js';
import { useTypicalHeight } from './typical-height.js';

/** Lists of this many entries or fewer are drawn whole (a few months of days: laid out in a few tens of ms). */
const DRAWN_WHOLE_UP_TO = 150;
/** Entries drawn beyond each edge of the view: enough for the Tab key and a wheel's turn to find theirs drawn. */
const OVERSCAN = 8;

interface Options {
  /** Each entry's key, in the order shown. */
  keys: readonly number[];
  /** An entry's height before any is measured (px). */
  estimate: number;
  /** The key of an entry drawn wherever the list is scrolled (the open day), if any. */
  keep?: number | null;
  /** The box that scrolls the list: the list itself, or a box holding it below other content. */
  scroll: RefObject<HTMLElement | null>;
  list: RefObject<HTMLElement | null>;
}

/**
 * Which entries to draw. Each drawn entry takes `data-index` (its place among `keys`), `ref={measure}` and
 * `style={{ marginTop: gapBefore }}`; after the last, an empty `.list-gap` element `gapAfter` tall stands in for those
 * below (not the list's padding: a scrolling list is at least as tall as its padding, so it would not scroll).
 * The list lays its entries out one under the other with no gap or collapsing margins between them (a flex column, or
 * the scrolling box itself), so that the margins stand in exactly for the entries not drawn.
 */
export function useListWindow({ keys, estimate, keep = null, scroll, list }: Options) {
  const indexOf = useMemo(() => new Map(keys.map((key, i) => [key, i])), [keys]);
  // The entry holding the keyboard, by key: a list changed elsewhere moves it, and it stays drawn where it went.
  const [focused, setFocused] = useState<number | null>(null);
  // Where the list starts in its scrolling box's content (below a hint, say).
  const [listTop, setListTop] = useState(0);

  const whole = keys.length <= DRAWN_WHOLE_UP_TO;
  const keptAt = keep === null ? undefined : indexOf.get(keep);
  const focusedAt = focused === null ? undefined : indexOf.get(focused);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const drawn = new Set(defaultRangeExtractor(range));
      for (const at of [keptAt, focusedAt]) if (at !== undefined) drawn.add(at);
      return [...drawn].sort((a, b) => a - b);
    },
    [keptAt, focusedAt],
  );
  const typical = useTypicalHeight(estimate);
  // A new key function has the virtualiser place every entry again, so those not drawn take a new typical height.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the typical height is the trigger
  const getItemKey = useCallback((index: number) => keys[index], [keys, typical.height]);
  const virtualizer = useVirtualizer({
    // A list drawn whole needs no window, and must not wait for one: the virtualiser draws nothing while its box is
    // 0 px tall, and a list of drawn entries only is 0 px tall until it draws some (after "New", say).
    count: whole ? 0 : keys.length,
    getScrollElement: () => scroll.current,
    estimateSize: () => typical.height,
    measureElement: typical.measure,
    getItemKey,
    overscan: OVERSCAN,
    scrollMargin: listTop,
    rangeExtractor,
  });

  // The list's place in its box moves with the box's width (the text above it wraps); the box's own list starts at 0.
  const empty = keys.length === 0;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list is on the page again when it has entries again
  useLayoutEffect(() => {
    const [box, shown] = [scroll.current, list.current];
    if (!box || !shown || box === shown) return;
    const place = () => setListTop(shown.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop);
    place();
    const watch = new ResizeObserver(place);
    watch.observe(box);
    return () => watch.disconnect();
  }, [empty]);

  const drawn: DrawnRow[] = [];
  let end = listTop;
  for (const item of virtualizer.getVirtualItems()) {
    drawn.push({ index: item.index, gapBefore: item.start - end });
    end = item.end;
  }
  const gapAfter = Math.max(0, virtualizer.getTotalSize() + listTop - end);

  // Which entry holds the keyboard, heard on the list (the keys of the latest drawing name it).
  const latestKeys = useRef(keys);
  latestKeys.current = keys;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list is on the page again when it has entries again
  useEffect(() => {
    const shown = list.current;
    if (!shown) return;
    const into = (e: FocusEvent) => {
      const at = (e.target as HTMLElement).closest<HTMLElement>('[data-index]')?.dataset.index;
      setFocused(at === undefined ? null : (latestKeys.current[Number(at)] ?? null));
    };
    const out = (e: FocusEvent) => {
      if (!shown.contains(e.relatedTarget as Node | null)) setFocused(null);
    };
    shown.addEventListener('focusin', into);
    shown.addEventListener('focusout', out);
    return () => {
      shown.removeEventListener('focusin', into);
      shown.removeEventListener('focusout', out);
    };
  }, [empty]);

  if (whole) return { drawn: keys.map((_, index) => ({ index, gapBefore: 0 })), gapAfter: 0, measure: measureNothing };
  return { drawn, gapAfter, measure: virtualizer.measureElement };
}

/** A list drawn whole measures none of its entries. */
const measureNothing = (_: Element | null) => {};
