/**
 * Printable driver sheets, one page per route: a sketch of the route, the stops in order with name, address
 * (or position), window, ETA, service and load, and the depot departure and return. Shown over the app; the
 * print stylesheet prints only the sheets (all of them, or the one picked), so "Print" gives the drivers their
 * pages. "Export PDF" downloads the sheets shown (all, or the one picked) as one PDF that main lays out from the
 * same rows, the same file in the desktop app and the web mode. All routes' sheets end with the customers the plan
 * leaves out, under their reasons.
 */
import { type CSSProperties, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Evaluation, Instance, VariantName } from '../../shared/domain.js';
import { formatCount } from '../format.js';
import { useApi } from '../hooks/use-api.js';
import { useFocusTrap } from '../panels/focus-trap.js';
import { RouteSketch } from './route-sketch.js';
import { downloadBase64 } from '../download.js';
import { driverSheets } from './sheet-model.js';
import { unprintableNotice } from './unprintable-notice.js';
import { groupByReason, notServed, reasonHeading } from '../../shared/not-served.js';
import { columnShare, SHEET_COLUMNS, type SheetColumn } from '../../shared/sheet-columns.js';

interface Props {
  instance: Instance;
  evaluation: Evaluation;
  /** The policy the plan was made under: a stop reached before its window opens is early only under soft windows. */
  variant: VariantName;
  /** What the plan is, for each sheet's header: method, policy, date. */
  planLabel: string;
  /** Said on every sheet, above its stops (sheetWarnings). */
  warnings: string[];
  onClose(): void;
}

export function DriverSheets({ instance, evaluation, variant, planLabel, warnings, onClose }: Props) {
  const sheets = driverSheets(instance, evaluation, variant);
  const left = notServed(instance, evaluation);
  /** The one route to print, or null for all. */
  const [only, setOnly] = useState<number | null>(null);
  const shown = only === null ? sheets : sheets.filter((s) => s.route === only);
  const geo = instance.coordinates?.kind === 'geo';
  const api = useApi();
  type PdfState = { busy: boolean; error: string | null; unprintable?: string | null };
  const [pdf, setPdf] = useState<PdfState>({ busy: false, error: null });
  const exportPdf = async () => {
    setPdf({ busy: true, error: null });
    try {
      // All routes' sheets end with the customers no route serves; one route's sheet is for its driver alone.
      const request = {
        instanceName: instance.name,
        planLabel,
        geo,
        sheets: shown,
        ...(warnings.length > 0 ? { warnings } : {}),
        ...(only === null ? { notServed: left } : {}),
      };
      const file = await api.call('sheets:pdf', request);
      downloadBase64(file.fileName, file.base64, 'application/pdf');
      // Names its font cannot print (CJK) come out as marks: the dispatcher is told which, and that Print shows them.
      setPdf({ busy: false, error: null, unprintable: unprintableNotice(file.unprintable) });
    } catch (err) {
      // The overlay covers the app's banners: the reason is shown here, next to the button.
      setPdf({ busy: false, error: err instanceof Error ? err.message : String(err) });
    }
  };

  // A late or early ETA after midnight ("01:48+1 (early)") is wider than a day's: where a sheet has one, every sheet's
  // ETA column widens (sheets.css), so that the routes' columns stay in the same places.
  const stopsClass = sheets.some((s) => s.rows.some((r) => (r.late || r.early) && r.eta.includes('+')))
    ? 'sheet-table sheet-stops sheet-night-flags'
    : 'sheet-table sheet-stops';

  // The sheets cover the page: the keyboard stays in them, and Escape closes them.
  const overlay = useRef<HTMLDivElement>(null);
  useFocusTrap(overlay, onClose);

  return createPortal(
    <div ref={overlay} className="sheets-overlay" data-testid="driver-sheets" role="dialog" aria-modal="true" aria-label="Driver sheets">
      <div className="sheets-toolbar">
        <b>Driver sheets</b>
        <label className="field-inline">
          <span>Show</span>
          <select
            value={only ?? ''}
            data-testid="sheets-route"
            onChange={(e) => setOnly(e.target.value === '' ? null : Number(e.target.value))}
          >
            <option value="">all routes ({sheets.length})</option>
            {sheets.map((s) => (
              <option key={s.route} value={s.route}>
                {s.title}
              </option>
            ))}
          </select>
        </label>
        <span className="header-spacer" />
        {pdf.error && (
          <span className="sheets-error" role="alert" data-testid="sheets-pdf-error">
            PDF export failed: {pdf.error}
          </span>
        )}
        {pdf.unprintable && (
          <span className="sheets-error" role="status" data-testid="sheets-pdf-unprintable">
            {pdf.unprintable}
          </span>
        )}
        <button className="btn" data-testid="sheets-pdf" disabled={pdf.busy || shown.length === 0} onClick={exportPdf}>
          {pdf.busy
            ? 'Exporting…'
            : only === null
              ? `Export PDF (${formatCount(shown.length, 'route')})`
              : `Export PDF (${shown[0]?.title})`}
        </button>
        <button className="btn btn-primary" data-testid="sheets-print" onClick={() => window.print()}>
          Print
        </button>
        <button className="btn" data-testid="sheets-close" onClick={onClose}>
          Close
        </button>
      </div>
      <div className="sheets-pages">
        {shown.map((sheet) => (
          <article key={sheet.route} className="sheet" data-testid={`sheet-${sheet.route}`}>
            <header className="sheet-header">
              <div>
                <h1>
                  <span className="swatch" style={{ background: sheet.colour }} /> {sheet.title} · {instance.name}
                </h1>
                <p>{sheet.summary}</p>
                <SheetWarnings warnings={warnings} />
                <p className="sheet-plan">{planLabel}</p>
              </div>
              <RouteSketch path={sheet.path} colour={sheet.colour} geo={geo} />
            </header>
            {/* Fixed columns: sized by their content, a one-stop route's table put its columns elsewhere than the next. */}
            <table className={stopsClass}>
              <colgroup>
                {SHEET_COLUMNS.map((c) => (
                  <col key={c.key} className={`sheet-col-${c.key}`} style={printWidth(c)} />
                ))}
              </colgroup>
              <thead>
                {/* Printed only: a browser repeats the thead atop each page, so a long route's later pages name it, as
                    the PDF's "(continued)" pages do. */}
                <tr className="sheet-running-title" data-testid="sheet-running-title">
                  <th colSpan={SHEET_COLUMNS.length}>
                    {sheet.title} · {instance.name}
                  </th>
                </tr>
                <tr>
                  {SHEET_COLUMNS.map((c) =>
                    c.short ? (
                      <ColumnHeading key={c.key} full={c.label} short={c.short} />
                    ) : (
                      <th key={c.key} title={c.hint}>
                        {c.label}
                      </th>
                    ),
                  )}
                </tr>
              </thead>
              <tbody>
                {sheet.rows.map((row, i) => (
                  <tr key={i} className={`sheet-${row.kind}${row.late ? ' sheet-late' : ''}`} data-testid={`sheet-row-${row.kind}`}>
                    <td>{row.order}</td>
                    <td>
                      <b>{row.id}</b> {row.name}
                    </td>
                    <td>{row.place}</td>
                    <td className="sheet-time" data-label={HEADING.window}>
                      {row.window}
                    </td>
                    <td className="sheet-time" data-label={HEADING.eta}>
                      {row.eta}
                      {row.late && ' (late)'}
                      {row.early && ' (early)'}
                    </td>
                    <td className="sheet-time" data-label={HEADING.start}>
                      {row.start}
                    </td>
                    <td data-label={HEADING.service}>{row.service}</td>
                    <td data-label={HEADING.load}>{row.load}</td>
                    <td className="sheet-tick">☐</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </article>
        ))}
        {only === null && left.length > 0 && (
          <article className="sheet" data-testid="sheet-not-served">
            <header className="sheet-header">
              <div>
                <h1 className="text-bad">
                  Not served ({left.length}) · {instance.name}
                </h1>
                <SheetWarnings warnings={warnings} />
                <p className="sheet-plan">{planLabel}</p>
              </div>
            </header>
            {/* Each reason once, above the customers it leaves out, as the plan panel lists them: a day short of capacity
                printed the same long reason beside each of dozens of customers. */}
            {groupByReason(left).map((group) => (
              <section key={group.reason} className="sheet-not-served-group" data-testid="sheet-not-served-group">
                <h2 data-testid="sheet-not-served-reason">{reasonHeading(group)}</h2>
                <ul>
                  {group.customers.map((c) => (
                    <li key={c.id}>
                      <b>{c.id}</b> {c.name}
                      {c.figures && <span className="sheet-not-served-figures"> · {c.figures}</span>}
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </article>
        )}
      </div>
    </div>,
    document.body,
  );
}

/**
 * Each column's heading by its key: a window under 640 px, which stacks each stop's cells, writes it above each figure
 * (sheets.css) in place of the table's headings.
 */
const HEADING = Object.fromEntries(SHEET_COLUMNS.map((c) => [c.key, c.label])) as Record<SheetColumn['key'], string>;

/**
 * A column's printed width, its share of the table as the PDF's (src/shared/sheet-columns.ts): handed to the stylesheet
 * as a custom property, which print applies (sheets.css); the screen's widths are the stylesheet's (.sheet-col-*).
 */
function printWidth(column: SheetColumn): CSSProperties {
  return { '--sheet-col-print': `${(columnShare(column) * 100).toFixed(4)}%` } as CSSProperties;
}

/**
 * A heading that a narrow window (up to 850 px wide; a laptop zoomed to 200 %) shortens, so that it fits its column
 * (SERVICE ran into QTY at 640 px, and over its column from 700 to 800 px; DONE, a "✓" over the tick boxes, gives the
 * ETA's "(late)" its room); print and wider windows show it whole. Read and hovered as the whole word either way.
 */
function ColumnHeading({ full, short }: { full: string; short: string }) {
  return (
    <th aria-label={full} title={full}>
      <span className="sheet-heading-full">{full}</span>
      <span className="sheet-heading-short" aria-hidden="true">
        {short}
      </span>
    </th>
  );
}

function SheetWarnings({ warnings }: { warnings: string[] }) {
  return warnings.map((w) => (
    <p key={w} className="sheet-warning" data-testid="sheet-warning">
      {w}
    </p>
  ));
}
