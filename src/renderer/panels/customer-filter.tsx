/**
 * The box that finds stops on a long day, in the customer panel's title line above the table: it narrows the rows
 * shown to the customers whose id, name or address contains the typed text (customer-order.ts), and the Plan view's
 * map fades the stops of the others. The title's count then says how many of the day's customers it shows. What it
 * holds belongs to the day it was typed on (use-table-filter.ts).
 */
import type { Customer } from '../../shared/domain.js';
import { matchesFilter } from './customer-order.js';

export function CustomerFilter({ text, onText }: { text: string; onText(text: string): void }) {
  return (
    <input
      type="search"
      className="customer-filter"
      value={text}
      // Short: the box shares the title's line in the side panel; its tooltip says what it looks in.
      placeholder="Find…"
      title="Shows only the customers whose id, name or address contains the text, and fades the others on the map (Escape shows all)"
      aria-label="Find customers by id, name or address"
      data-testid="customer-filter"
      onChange={(e) => onText(e.target.value)}
      onKeyDown={(e) => {
        // Escape empties the box and shows every customer again, as its clear button does.
        if (e.key === 'Escape') onText('');
      }}
    />
  );
}

/** The title's count of customers: "80", or while filtering the rows shown of them, "12 of 80". */
export function CustomerCount({ customers, filter }: { customers: readonly Customer[]; filter: string }) {
  const filtering = filter.trim() !== '';
  const shown = filtering ? customers.filter((c) => matchesFilter(c, filter)).length : customers.length;
  return (
    <span className="count" data-testid="customer-filter-count" aria-live="polite">
      {filtering ? `${shown} of ${customers.length}` : customers.length}
    </span>
  );
}
