import { keptDayName } from './domain.js';
import { MAX_TEXT_CHARS } from './limits.js';

const CUT = '…';
/** A copy's own mark at the end of its name: " (copy)", or " (copy N)" from the second copy on. */
const COPY_MARK = / \(copy(?: ([1-9]\d{0,5}))?\)$/;

const copyMark = (n: number): string => (n === 1 ? ' (copy)' : ` (copy ${n})`);

/**
 * The name a day kept as a new day takes, beside the one saved over or deleted in another window: "name (copy)", made
 * of the name as a save keeps it (keptDayName); a copy of a copy is numbered, "name (copy 2)", "name (copy 3)", rather
 * than marked again. A name near the length limit a save checks (MAX_TEXT_CHARS) is cut to leave room for the mark,
 * after whole letters (never inside one written in two UTF-16 units) and marked with "…", so that keeping the day as a
 * new day is never refused for the name this makes.
 */
export function copyName(name: string): string {
  const kept = keptDayName(name);
  const marked = COPY_MARK.exec(kept);
  const base = marked ? kept.slice(0, marked.index) : kept;
  const mark = copyMark(marked ? Number(marked[1] ?? 1) + 1 : 1);
  if (base.length + mark.length <= MAX_TEXT_CHARS) return `${base}${mark}`;
  let cut = base.slice(0, MAX_TEXT_CHARS - mark.length - CUT.length);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}${CUT}${mark}`;
}
