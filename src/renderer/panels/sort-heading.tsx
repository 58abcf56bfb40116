/**
 * A heading of the customer table that sorts by its column: a click (or Enter or Space, from the keyboard) sorts by
 * it, a second reverses the order. The id column's heading goes on to sort by name where the day has names (its
 * cells show the name under the id): the column is too narrow for a second target to click.
 */
import { nextSort, type SortKey, type TableSort } from './customer-order.js';

interface Props {
  sortKey: SortKey;
  label: string;
  title: string;
  numeric: boolean;
  sort: TableSort;
  onSort(sort: TableSort): void;
  /** A second order the column's heading goes on to (the id column's: by name), with its label. */
  then?: { key: SortKey; label: string };
}

export function SortHeading({ sortKey, label, title, numeric, sort, onSort, then }: Props) {
  const byThen = then !== undefined && sort.key === then.key;
  const sortedHere = sort.key === sortKey || byThen;
  const click = () => onSort(nextSort(sort, sortKey, then?.key));
  return (
    <th
      title={then ? `${title}: click to sort by ${label.toLowerCase()}, again to reverse, then by ${then.label.toLowerCase()}` : title}
      className={numeric ? 'num sortable' : 'sortable'}
      aria-sort={sortedHere ? (sort.dir === 1 ? 'ascending' : 'descending') : 'none'}
      aria-label={`${title}: sort`}
      tabIndex={0}
      data-testid={`sort-${sortKey}`}
      data-sort-key={sortedHere ? sort.key : undefined}
      onClick={click}
      onKeyDown={(e) => {
        if (e.key !== 'Enter' && e.key !== ' ') return;
        e.preventDefault();
        click();
      }}
    >
      {byThen ? then.label : label}
      {/* A small mark after a thin space: the narrow columns' headings keep their whole label when sorted. */}
      {sortedHere ? (sort.dir === 1 ? '\u2009▴' : '\u2009▾') : ''}
    </th>
  );
}
