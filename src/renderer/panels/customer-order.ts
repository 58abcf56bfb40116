/**
 * The order and the selection of the customer table's rows: which customers a typed filter shows, and in what order
 * a heading sorts them. Both only change what is shown: the day keeps its customers in their stored order.
 */
import type { Customer } from '../../shared/domain.js';
import type { CustomerField } from '../state/draft.js';

export type SortKey = 'id' | 'name' | 'route' | CustomerField;
export interface TableSort {
  key: SortKey;
  dir: 1 | -1;
}

export function compareIds(a: string, b: string): number {
  const na = Number(a);
  const nb = Number(b);
  // Natural order for ids with numbers in them: S2 before S10, as a dispatcher counts.
  return Number.isFinite(na) && Number.isFinite(nb) ? na - nb : a.localeCompare(b, undefined, { numeric: true });
}

/** Names as a dispatcher reads them: "bakery" beside "Bakery", "Shop 2" before "Shop 10". */
const compareNames = (a: string, b: string): number => a.localeCompare(b, undefined, { numeric: true, sensitivity: 'base' });

/**
 * The customers' ids in the order `sort` shows them. By route: routes either way round (customers on none after the
 * last), each route's stops in the order they are driven (`drivenOrder`). By name: customers without one last,
 * either way round (the rows to fill in are found in one place). Ties in id order.
 */
export function sortedIds(
  customers: readonly Customer[],
  sort: TableSort,
  routeOf: ReadonlyMap<string, number>,
  drivenOrder: ReadonlyMap<string, number>,
): string[] {
  const place = (c: Customer) => drivenOrder.get(c.id) ?? 0;
  const compare = (a: Customer, b: Customer): number => {
    switch (sort.key) {
      case 'route': {
        const byRoute = (routeOf.get(a.id) ?? Infinity) - (routeOf.get(b.id) ?? Infinity) || 0;
        return byRoute * sort.dir || place(a) - place(b) || compareIds(a.id, b.id);
      }
      case 'name': {
        const [na, nb] = [a.name?.trim() ?? '', b.name?.trim() ?? ''];
        if (!na || !nb) return Number(!na) - Number(!nb) || compareIds(a.id, b.id);
        return (compareNames(na, nb) || compareIds(a.id, b.id)) * sort.dir;
      }
      case 'id':
        return compareIds(a.id, b.id) * sort.dir;
      default:
        return (a[sort.key] - b[sort.key] || compareIds(a.id, b.id)) * sort.dir;
    }
  };
  return [...customers].sort(compare).map((c) => c.id);
}

/** Whether a customer's id, name or address contains the typed text (whatever its case); a blank filter shows all. */
export function matchesFilter(customer: Customer, typed: string): boolean {
  const wanted = typed.trim().toLocaleLowerCase();
  if (!wanted) return true;
  return [customer.id, customer.name, customer.address].some((field) => field?.toLocaleLowerCase().includes(wanted));
}

/**
 * The order a click on a column's heading sorts by: its own key, then the reverse; a column that shows a second value
 * (the id column: the name under the id) goes on to that one, then its reverse, then back to the first.
 */
export function nextSort(current: TableSort, key: SortKey, then?: SortKey): TableSort {
  if (current.key === key) return current.dir === 1 ? { key, dir: -1 } : { key: then ?? key, dir: 1 };
  if (then && current.key === then) return current.dir === 1 ? { key: then, dir: -1 } : { key, dir: 1 };
  return { key, dir: 1 };
}
