import { useRef } from 'react';
import type { InstanceExportFormat } from '../../shared/api.js';

/**
 * "Export CSV" for the customers, one button opening its two forms: a fifth button in the sidebar's toolbar wrapped onto
 * a line of its own and took a row of the customer table at 1,024 x 700. A native <details> keeps it reachable by the
 * keyboard; it closes on a choice, on Escape and when the focus leaves it.
 */
export function ExportCsvMenu(props: { disabled: boolean; onExport: (format: InstanceExportFormat) => void }) {
  const menu = useRef<HTMLDetailsElement>(null);
  const close = () => {
    if (menu.current) menu.current.open = false;
  };
  const choose = (format: InstanceExportFormat) => {
    close();
    props.onExport(format);
  };
  if (props.disabled) {
    return (
      <button className="btn btn-small" disabled title="Save the day first" data-testid="export-instance">
        Export CSV
      </button>
    );
  }
  return (
    <details
      ref={menu}
      className="export-menu"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && menu.current?.open) {
          e.stopPropagation();
          close();
          menu.current?.querySelector('summary')?.focus();
        }
      }}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) close();
      }}
    >
      <summary className="btn btn-small" data-testid="export-instance">
        Export CSV
      </summary>
      <fieldset className="export-menu-items" aria-label="Export the customers as">
        <button className="btn btn-small" data-testid="export-instance-csv" onClick={() => choose('csv')}>
          CSV (12.5, commas between columns)
        </button>
        <button
          className="btn btn-small"
          data-testid="export-instance-decimal-comma"
          onClick={() => choose('csv-decimal-comma')}
          title="For Excel in a language that writes decimals with a comma (German, French, …): columns separated by ';', numbers written 12,5, so that Excel opens it in columns; the import reads it back"
        >
          CSV with decimal commas (12,5 and ';')
        </button>
      </fieldset>
    </details>
  );
}
