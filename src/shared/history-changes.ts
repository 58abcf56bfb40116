/**
 * How a window keeps its history by the days that changed (`instances:changes`, HistoryChanges in api-instances.ts):
 * the entries changed replace theirs or join the list, the days deleted leave it, and the list keeps the order the
 * store lists it in (`historyOrder`, which the store's ORDER BY mirrors: store/instances.ts).
 */
import type { HistoryChanges, InstanceSummary } from './api-instances.js';

/** The history's order: the last saved first; of two saved in the same millisecond, the later stored. */
export const historyOrder = (a: InstanceSummary, b: InstanceSummary): number =>
  a.updatedAt === b.updatedAt ? b.id - a.id : a.updatedAt < b.updatedAt ? 1 : -1;

/**
 * The history after `changes`: the whole list where the answer is whole, else `list` with the changed entries in
 * their place. The entries that did not change keep their identity (a list drawn again redraws only those changed).
 */
export function applyHistoryChanges(list: readonly InstanceSummary[], changes: HistoryChanges): InstanceSummary[] {
  if (changes.full) return changes.days;
  if (changes.days.length === 0 && changes.deleted.length === 0) return list as InstanceSummary[];
  const gone = new Set([...changes.deleted, ...changes.days.map((d) => d.id)]);
  const kept = list.filter((d) => !gone.has(d.id));
  // The changed entries are few: each goes where the order puts it, the rest of the list already in order.
  for (const day of [...changes.days].sort(historyOrder)) {
    let at = 0;
    let to = kept.length;
    while (at < to) {
      const mid = (at + to) >> 1;
      if (historyOrder(kept[mid], day) < 0) at = mid + 1;
      else to = mid;
    }
    kept.splice(at, 0, day);
  }
  return kept;
}
