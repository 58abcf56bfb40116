/** The CSV (or Solomon or VRPLIB file) preview dialog: fleet fields, detected columns and first rows, or every bad row; Import confirms. */
import { useState } from 'react';
import { formatCount, formatNumber, formatTime, parseCount, parsePositive } from '../format.js';
import { FieldValidity, useFieldError, useFieldValidity, useReportValidity } from './field-validity.js';
import { Modal } from './modal.js';
import type { CsvImportState } from './use-csv-import.js';

export function CsvPreviewDialog({ state }: { state: CsvImportState }) {
  const { pending, busy, confirm, close, setFleet } = state;
  // A fleet field that holds what is not a valid number keeps Import disabled: it never imports an earlier value.
  const validity = useFieldValidity();
  if (!pending) return null;
  const { preview, error, checking, decodingWarning } = pending;
  // How the file was read comes first: a code page guessed wrong explains names, and even columns, read wrong. A
  // refused file's warnings are shown under its problems, which one may explain (a time read as morning).
  const warnings = [...(decodingWarning ? [decodingWarning] : []), ...(preview?.warnings ?? error?.warnings ?? [])];
  const canImport = !busy && !checking && preview !== undefined && preview !== null && !validity.invalid;
  // Enter in a fleet field imports, as the button would: the keyboard's way to confirm the dialog.
  const importByKey = () => canImport && confirm();
  // The first customers as read, with their names where the file has them (a wrong text encoding shows there).
  const firstRows = preview?.instance.customers.slice(0, 5) ?? [];
  const named = firstRows.some((c) => c.name !== undefined);
  const geo = preview?.instance.coordinates?.kind === 'geo';
  // A Solomon or VRPLIB file names its fleet: an empty field takes the file's value, which its placeholder shows.
  const inFile = preview?.fleetInFile;
  const footer = (
    <>
      {/* Read out as it changes: that a field holds back the import is said where no field shows it. */}
      <span className="hint spacer" aria-live="polite" data-testid="csv-footer-hint">
        {checking
          ? 'Checking…'
          : validity.reason
            ? validity.reason
            : preview
              ? 'Nothing is stored until you import.'
              : 'Nothing was imported.'}
      </span>
      <button className="btn" onClick={close} data-testid="csv-cancel">
        Cancel
      </button>
      <button className="btn btn-primary" disabled={!canImport} onClick={confirm} data-testid="csv-confirm">
        {preview ? `Import ${formatCount(preview.instance.customers.length, 'customer')}` : 'Import'}
      </button>
    </>
  );
  return (
    <Modal title={`Import ${pending.fileName}`} onClose={close} footer={footer} testId="csv-dialog" wide>
      <h3>Fleet</h3>
      <FieldValidity.Provider value={validity.report}>
        <div className="row-fields">
          <OptionalNumber
            label="Vehicles"
            placeholder={inFile ? `${inFile.vehicles} (the file's)` : 'one per customer'}
            value={pending.vehicles}
            testId="csv-vehicles"
            integer
            onChange={(vehicles) => setFleet({ vehicles })}
            onEnter={importByKey}
          />
          <OptionalNumber
            label="Capacity"
            placeholder={inFile ? `${inFile.capacity} (the file's)` : 'required'}
            value={pending.capacity}
            testId="csv-capacity"
            integer
            onChange={(capacity) => setFleet({ capacity })}
            onEnter={importByKey}
          />
          <OptionalNumber
            label="Speed km/h"
            placeholder="lat/lon data only"
            value={pending.speedKmh}
            testId="csv-speed"
            onChange={(speedKmh) => setFleet({ speedKmh })}
            onEnter={importByKey}
          />
        </div>
      </FieldValidity.Provider>
      {error && !checking && (
        // Announced as it appears: the problems are why nothing can be imported.
        <div className="import-error" role="alert" data-testid="csv-errors">
          <p>
            <b>{error.message}.</b> {error.details && error.details.length > 1 ? `${error.details.length} problems:` : ''}
          </p>
          {error.details && (
            <ul className="error-list">
              {error.details.map((d, i) => (
                <li key={i} data-testid="csv-error-row">
                  {d}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      {(preview || error) && warnings.length > 0 && (
        <ul className="import-warnings" data-testid="csv-warnings">
          {warnings.map((w, i) => (
            <li key={i} data-testid="csv-warning">
              {w}
            </li>
          ))}
        </ul>
      )}
      {preview && (
        <div className="import-preview" data-testid="csv-preview">
          <p>
            <b data-testid="csv-row-count">{preview.rows}</b> rows (depot and {formatCount(preview.instance.customers.length, 'customer')})
            read as the day <b>“{preview.instance.name}”</b>
            {preview.instance.coordinates?.kind === 'geo' ? ', latitude/longitude' : ', planar x/y'}
            {preview.instance.clockTimes ? ', clock times' : ''}
            {inFile
              ? `, a ${inFile.format} instance: times in minutes, ${formatCount(preview.instance.vehicles, 'vehicle')} of capacity ${formatNumber(preview.instance.capacity)}`
              : ''}
            .
          </p>
          <h3>Detected columns</h3>
          <table className="data-table compact columns-table" data-testid="csv-columns">
            <tbody>
              <tr>
                <th>Field</th>
                {Object.keys(preview.columns).map((field) => (
                  <td key={field}>
                    <b>{field}</b>
                  </td>
                ))}
              </tr>
              <tr>
                <th>{inFile ? 'File column' : 'CSV column'}</th>
                {Object.values(preview.columns).map((header, i) => (
                  <td key={i}>
                    <code>{header}</code>
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
          <h3>First rows</h3>
          <table className="data-table compact">
            <thead>
              <tr>
                <th>ID</th>
                {named && <th>Name</th>}
                {/* lat/lon as read, to the metre: a swapped or truncated column shows here before anything is stored. */}
                <th className="num">{geo ? 'Lat' : 'x'}</th>
                <th className="num">{geo ? 'Lon' : 'y'}</th>
                <th className="num">Demand</th>
                <th className="num">Ready</th>
                <th className="num">Due</th>
                <th className="num">Service</th>
              </tr>
            </thead>
            <tbody>
              {firstRows.map((c) => (
                <tr key={c.id}>
                  {/* Clipped, whole on hover: a 48-character id or a long name pushed the figures past the dialog's edge. */}
                  <td title={c.id}>
                    <span className="clip-text">{c.id}</span>
                  </td>
                  {named && (
                    <td title={c.name ?? ''}>
                      <span className="clip-text">{c.name ?? ''}</span>
                    </td>
                  )}
                  <td className="num">{geo ? formatNumber(c.y, 5) : formatNumber(c.x)}</td>
                  <td className="num">{geo ? formatNumber(c.x, 5) : formatNumber(c.y)}</td>
                  <td className="num">{formatNumber(c.demand)}</td>
                  <td className="num">{formatTime(c.ready, preview.instance.clockTimes, true)}</td>
                  <td className="num">{formatTime(c.due, preview.instance.clockTimes)}</td>
                  <td className="num">{formatNumber(c.service)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}

/**
 * A number input that may be left empty (the importer then applies its rule or says the value is required). While
 * it holds what is not a valid number it says why and tells the dialog (field-validity.tsx), which keeps Import
 * disabled; only valid values reach the pending import.
 */
function OptionalNumber(props: {
  label: string;
  value: number | undefined;
  placeholder: string;
  testId: string;
  integer?: boolean;
  onChange(value: number | undefined): void;
  onEnter(): void;
}) {
  const [text, setText] = useState(props.value === undefined ? '' : String(props.value));
  const problem = optionalNumberProblem(text, props.integer === true);
  useReportValidity(props.testId, props.label, problem);
  const shown = useFieldError(problem);
  return (
    <label className={`field-inline${problem ? ' has-error' : ''}`}>
      <span>{props.label}</span>
      <input
        value={text}
        placeholder={props.placeholder}
        inputMode="decimal"
        data-testid={props.testId}
        aria-invalid={problem !== null || undefined}
        aria-describedby={shown.describedBy}
        onKeyDown={(e) => e.key === 'Enter' && props.onEnter()}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          if (next.trim() === '') props.onChange(undefined);
          else {
            const parsed = (props.integer ? parseCount : parsePositive)(next);
            if (parsed.ok) props.onChange(parsed.value);
          }
        }}
      />
      {shown.message}
    </label>
  );
}

/** Why `text` is not a fleet value (null: empty or valid), read as the editor's cells read numbers. */
function optionalNumberProblem(text: string, integer: boolean): string | null {
  if (text.trim() === '') return null;
  const parsed = (integer ? parseCount : parsePositive)(text);
  return parsed.ok ? null : parsed.message;
}
