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
import { NumberField } from './NumberField.js';

interface Pending {
  fileName: string;
  text: string;
  preview: CsvPreview | null;
  error: AppErrorData | null;
  vehicles?: number;
  capacity?: number;
}

export function useCsvImport(onImported: (record: StoredInstance) => void) {
  const api = useApi();
  const run = useRunner();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);

  const previewFile = useCallback(
    async (file: File) => {
      setBusy(true);
      try {
        const text = await file.text();
        try {
          const preview = await api.call('instances:previewCsv', { fileName: file.name, text });
          setPending({ fileName: file.name, text, preview, error: null });
        } catch (err) {
          setPending({ fileName: file.name, text, preview: null, error: asErrorData(err) });
        }
      } finally {
        setBusy(false);
      }
    },
    [api],
  );

  const confirm = useCallback(async () => {
    if (!pending?.preview) return;
    setBusy(true);
    const { fileName, text, vehicles, capacity } = pending;
    const record = await run(
      'Import CSV',
      () => api.call('instances:importCsv', { fileName, text, vehicles, capacity }),
      (error) => setPending((p) => (p ? { ...p, error } : p)),
    );
    setBusy(false);
    if (record) {
      setPending(null);
      onImported(record);
    }
  }, [api, run, pending, onImported]);

  return { pending, setPending, busy, previewFile, confirm, close: () => setPending(null) };
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
  const { pending, busy, confirm, close, setPending } = state;
  if (!pending) return null;
  const { preview, error } = pending;
  const footer = (
    <>
      <button className="btn" onClick={close} data-testid="csv-cancel">
        {preview ? 'Cancel' : 'Close'}
      </button>
      {preview && (
        <button className="btn btn-primary" disabled={busy} onClick={confirm} data-testid="csv-confirm">
          Import {preview.rows} customers
        </button>
      )}
    </>
  );
  return (
    <Modal title={`Import ${pending.fileName}`} onClose={close} footer={footer} testId="csv-dialog" wide>
      {error && (
        <div className="import-error" data-testid="csv-errors">
          <p>
            <b>{error.message}</b> Nothing was imported.
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
            <b data-testid="csv-row-count">{preview.rows}</b> rows read as instance <b>{preview.instance.name}</b>
            {preview.instance.coordinates?.kind === 'geo' ? ' (latitude/longitude)' : ' (planar x/y)'}.
          </p>
          <h3>Detected columns</h3>
          <table className="data-table compact" data-testid="csv-columns">
            <thead><tr><th>Field</th><th>CSV column</th></tr></thead>
            <tbody>
              {Object.entries(preview.columns).map(([field, header]) => (
                <tr key={field}><td>{field}</td><td><code>{header}</code></td></tr>
              ))}
            </tbody>
          </table>
          <h3>Fleet</h3>
          <div className="row-fields">
            <NumberField label="Vehicles" integer min={1} value={pending.vehicles ?? preview.instance.vehicles} testId="csv-vehicles" onCommit={(vehicles) => setPending({ ...pending, vehicles })} />
            <NumberField label="Capacity" min={1} value={pending.capacity ?? preview.instance.capacity} testId="csv-capacity" onCommit={(capacity) => setPending({ ...pending, capacity })} />
          </div>
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
