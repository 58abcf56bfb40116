/**
 * CSV import in two steps: the file (picked or dropped) is previewed by main — detected columns and row count, or
 * every bad row with its reason — and only the user's confirmation imports it. Nothing is stored on a bad file.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CsvPreview, StoredInstance } from '../../shared/api.js';
import type { AppErrorData } from '../../shared/errors.js';
import { formatNumber, formatTime } from '../format.js';
import { useApi } from '../hooks/useApi.js';
import { asErrorData, useRunner } from '../hooks/useNotices.js';
import { Modal } from './Modal.js';

interface Fleet {
  vehicles?: number;
  capacity?: number;
  speedKmh?: number;
}

interface Pending extends Fleet {
  fileName: string;
  text: string;
  preview: CsvPreview | null;
  error: AppErrorData | null;
  checking: boolean;
}

/** The fleet last used for an import: capacity and speed are required by the importer and rarely change. */
const FLEET_KEY = 'jampr.csvFleet';
function lastFleet(): Fleet {
  try {
    const saved = JSON.parse(localStorage.getItem(FLEET_KEY) ?? '{}') as Fleet;
    return { capacity: saved.capacity, speedKmh: saved.speedKmh };
  } catch {
    return {};
  }
}

const PREVIEW_DELAY_MS = 200;

export function useCsvImport(onImported: (record: StoredInstance) => void) {
  const api = useApi();
  const run = useRunner();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const sequence = useRef(0);

  const previewFile = useCallback(async (file: File) => {
    const text = await file.text();
    setPending({ fileName: file.name, text, preview: null, error: null, checking: true, ...lastFleet() });
  }, []);

  // Every change of the file or the fleet is previewed again (parsing and validation only, nothing stored).
  const { fileName, text, vehicles, capacity, speedKmh } = pending ?? {};
  useEffect(() => {
    if (fileName === undefined || text === undefined) return;
    const mine = ++sequence.current;
    const timer = setTimeout(async () => {
      let result: Pick<Pending, 'preview' | 'error'>;
      try {
        result = { preview: await api.call('instances:previewCsv', { fileName, text, vehicles, capacity, speedKmh }), error: null };
      } catch (err) {
        result = { preview: null, error: asErrorData(err) };
      }
      if (mine === sequence.current) setPending((p) => (p ? { ...p, ...result, checking: false } : p));
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [api, fileName, text, vehicles, capacity, speedKmh]);

  const setFleet = useCallback((fleet: Fleet) => setPending((p) => (p ? { ...p, ...fleet, checking: true } : p)), []);

  const confirm = useCallback(async () => {
    if (!pending?.preview || pending.checking) return;
    setBusy(true);
    const request = { fileName: pending.fileName, text: pending.text, vehicles: pending.vehicles, capacity: pending.capacity, speedKmh: pending.speedKmh };
    const record = await run(
      'Import CSV',
      () => api.call('instances:importCsv', request),
      (error) => setPending((p) => (p ? { ...p, error, preview: null } : p)),
    );
    setBusy(false);
    if (record) {
      localStorage.setItem(FLEET_KEY, JSON.stringify({ capacity: request.capacity, speedKmh: request.speedKmh }));
      setPending(null);
      onImported(record);
    }
  }, [api, run, pending, onImported]);

  const close = useCallback(() => {
    sequence.current++;
    setPending(null);
  }, []);

  return { pending, setFleet, busy, previewFile, confirm, close };
}

export type CsvImportState = ReturnType<typeof useCsvImport>;

/** The "Import CSV" button with its hidden file input. */
export function CsvPickButton({ onFile }: { onFile(file: File): void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button className="btn" data-testid="import-csv" onClick={() => input.current?.click()}>
        Import CSV
      </button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        data-testid="csv-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}

/** Window-wide drag and drop of a CSV file; shows a drop hint while a file is dragged over the window. */
export function CsvDropZone({ onFile }: { onFile(file: File): void }) {
  const [over, setOver] = useState(false);
  useEffect(() => {
    const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes('Files');
    const onOver = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setOver(true);
    };
    const onLeave = (e: DragEvent) => {
      if (e.relatedTarget === null) setOver(false);
    };
    const onDrop = (e: DragEvent) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      setOver(false);
      const file = e.dataTransfer?.files[0];
      if (file) onFile(file);
    };
    window.addEventListener('dragover', onOver);
    window.addEventListener('dragleave', onLeave);
    window.addEventListener('drop', onDrop);
    return () => {
      window.removeEventListener('dragover', onOver);
      window.removeEventListener('dragleave', onLeave);
      window.removeEventListener('drop', onDrop);
    };
  }, [onFile]);
  return over ? <div className="drop-overlay" data-testid="drop-overlay">Drop a CSV file to preview it</div> : null;
}

export function CsvPreviewDialog({ state }: { state: CsvImportState }) {
  const { pending, busy, confirm, close, setFleet } = state;
  if (!pending) return null;
  const { preview, error, checking } = pending;
  const footer = (
    <>
      <span className="hint spacer">{checking ? 'Checking…' : preview ? 'Nothing is stored until you import.' : 'Nothing was imported.'}</span>
      <button className="btn" onClick={close} data-testid="csv-cancel">
        Cancel
      </button>
      <button className="btn btn-primary" disabled={busy || checking || !preview} onClick={confirm} data-testid="csv-confirm">
        {preview ? `Import ${preview.instance.customers.length} customers` : 'Import'}
      </button>
    </>
  );
  return (
    <Modal title={`Import ${pending.fileName}`} onClose={close} footer={footer} testId="csv-dialog" wide>
      <h3>Fleet</h3>
      <div className="row-fields">
        <OptionalNumber label="Vehicles" placeholder="one per customer" value={pending.vehicles} testId="csv-vehicles" integer onChange={(vehicles) => setFleet({ vehicles })} />
        <OptionalNumber label="Capacity" placeholder="required" value={pending.capacity} testId="csv-capacity" onChange={(capacity) => setFleet({ capacity })} />
        <OptionalNumber label="Speed km/h" placeholder="lat/lon data only" value={pending.speedKmh} testId="csv-speed" onChange={(speedKmh) => setFleet({ speedKmh })} />
      </div>
      {error && !checking && (
        <div className="import-error" data-testid="csv-errors">
          <p>
            <b>{error.message}.</b> {error.details && error.details.length > 1 ? `${error.details.length} problems:` : ''}
          </p>
          {error.details && (
            <ul className="error-list">
              {error.details.map((d, i) => (
                <li key={i} data-testid="csv-error-row">{d}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {preview && (
        <div className="import-preview" data-testid="csv-preview">
          <p>
            <b data-testid="csv-row-count">{preview.rows}</b> rows (depot and {preview.instance.customers.length} customers) read as{' '}
            <b>{preview.instance.name}</b>
            {preview.instance.coordinates?.kind === 'geo' ? ', latitude/longitude' : ', planar x/y'}
            {preview.instance.clockTimes ? ', clock times' : ''}.
          </p>
          <h3>Detected columns</h3>
          <table className="data-table compact columns-table" data-testid="csv-columns">
            <tbody>
              <tr>
                <th>Field</th>
                {Object.keys(preview.columns).map((field) => <td key={field}><b>{field}</b></td>)}
              </tr>
              <tr>
                <th>CSV column</th>
                {Object.values(preview.columns).map((header, i) => <td key={i}><code>{header}</code></td>)}
              </tr>
            </tbody>
          </table>
          <h3>First rows</h3>
          <table className="data-table compact">
            <thead><tr><th>ID</th><th className="num">x</th><th className="num">y</th><th className="num">Demand</th><th className="num">Ready</th><th className="num">Due</th><th className="num">Service</th></tr></thead>
            <tbody>
              {preview.instance.customers.slice(0, 5).map((c) => (
                <tr key={c.id}>
                  <td>{c.id}</td><td className="num">{formatNumber(c.x)}</td><td className="num">{formatNumber(c.y)}</td><td className="num">{formatNumber(c.demand)}</td>
                  <td className="num">{formatTime(c.ready, preview.instance.clockTimes)}</td><td className="num">{formatTime(c.due, preview.instance.clockTimes)}</td><td className="num">{formatNumber(c.service)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Modal>
  );
}

/** A number input that may be left empty (the importer then applies its rule or says the value is required). */
function OptionalNumber(props: { label: string; value: number | undefined; placeholder: string; testId: string; integer?: boolean; onChange(value: number | undefined): void }) {
  const [text, setText] = useState(props.value === undefined ? '' : String(props.value));
  const n = Number(text);
  const invalid = text.trim() !== '' && (!Number.isFinite(n) || n <= 0 || (props.integer && !Number.isInteger(n)));
  return (
    <label className={`field-inline${invalid ? ' has-error' : ''}`}>
      <span>{props.label}</span>
      <input
        value={text}
        placeholder={props.placeholder}
        inputMode="decimal"
        data-testid={props.testId}
        aria-invalid={invalid || undefined}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          const v = Number(next);
          const ok = next.trim() !== '' && Number.isFinite(v) && v > 0 && (!props.integer || Number.isInteger(v));
          if (next.trim() === '') props.onChange(undefined);
          else if (ok) props.onChange(v);
        }}
      />
      {invalid && <em className="field-error">{props.integer ? 'a whole number above 0' : 'a number above 0'}</em>}
    </label>
  );
}
