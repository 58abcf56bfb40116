import { keptDayName } from './domain.js';
import { MAX_TEXT_CHARS } from './limits.js';

const COPY = ' (copy)';
const CUT = '…';

/**
 * The name a day kept as a new day takes, beside the one saved over or deleted in another window: "name (copy)", made
 * of the name as a save keeps it (keptDayName). A name near the length limit a save checks (MAX_TEXT_CHARS) is cut to
 * leave room for " (copy)", after whole letters (never inside one written in two UTF-16 units) and marked with "…", so
 * that keeping the day as a new day is never refused for the name this makes.
 */
export function copyName(name: string): string {
  const kept = keptDayName(name);
  if (kept.length + COPY.length <= MAX_TEXT_CHARS) return `${kept}${COPY}`;
  let base = kept.slice(0, MAX_TEXT_CHARS - COPY.length - CUT.length);
  if (/[\uD800-\uDBFF]$/.test(base)) base = base.slice(0, -1);
  return `${base.trimEnd()}${CUT}${COPY}`;
}
