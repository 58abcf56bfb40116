/**
 * Printable driver sheets, one page per route: a sketch of the route, the stops in order with name, address
 * (or position), window, ETA, service and load, and the depot departure and return. Shown over the app; the
 * print stylesheet prints only the sheets (all of them, or the one picked), so "Print" or the browser's "Save as
 * PDF" gives the drivers their pages. "PDF" downloads them as one file.
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Evaluation, Instance } from '../../shared/domain.js';
import { routeColour } from '../map/palette.js';
import { RouteSketch } from './route-sketch.js';
import { driverSheets } from './sheet-model.js';

interface Props {
  instance: Instance;
  evaluation: Evaluation;
  /** What the plan is, for each sheet's header: method, policy, date. */
  planLabel: string;
  onClose(): void;
}

export function DriverSheets({ instance, evaluation, planLabel, onClose }: Props) {
  const sheets = driverSheets(instance, evaluation);
  /** The one route to print, or null for all. */
  const [only, setOnly] = useState<number | null>(null);
  const shown = only === null ? sheets : sheets.filter((s) => s.route === only);
  const geo = instance.coordinates?.kind === 'geo';

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return createPortal(
    <div className="sheets-overlay" data-testid="driver-sheets">
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
                  <span className="swatch" style={{ background: routeColour(sheet.route) }} /> {sheet.title} · {instance.name}
                </h1>
                <p>{sheet.summary}</p>
                <p className="sheet-plan">{planLabel}</p>
              </div>
              <RouteSketch path={sheet.path} colour={routeColour(sheet.route)} geo={geo} />
            </header>
            <table className="sheet-table">
              <thead>
                <tr>
                  <th>#</th>
                  <th>Stop</th>
                  <th>Address</th>
                  <th>Window</th>
                  <th>ETA</th>
                  <th>Service</th>
                  <th>Load</th>
                  <th>Done</th>
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
                    <td>{row.window}</td>
                    <td>
                      {row.eta}
                      {row.late && ' (late)'}
                    </td>
                    <td>{row.service}</td>
                    <td>{row.load}</td>
                    <td className="sheet-tick">☐</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </article>
        ))}
      </div>
    </div>,
    document.body,
  );
}
