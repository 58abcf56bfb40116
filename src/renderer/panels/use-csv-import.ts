/**
 * CSV import in two steps: the file (picked or dropped) is previewed by main — detected columns and row count, or
 * every bad row with its reason — again whenever the fleet fields change, and only the user's confirmation
 * imports it. Nothing is stored on a bad file. A Solomon or VRPLIB file is imported the same way, with the fleet it names.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CsvPreview, StoredInstance } from '../../shared/api.js';
import type { AppErrorData } from '../../shared/errors.js';
import { useApi } from '../hooks/use-api.js';
import { asErrorData, useRunner } from '../hooks/use-notices.js';
import { decodeText } from '../../shared/text-decoding.js';
import { askedInDialog } from '../../shared/fleet-asks.js';
import { benchmarkFormat } from '../../shared/benchmark-text.js';

export interface Fleet {
  vehicles?: number;
  capacity?: number;
  speedKmh?: number;
}

export interface Pending extends Fleet {
  fileName: string;
  text: string;
  /** How the file's bytes were read, where that may not be what it holds (a code page named): shown with the preview. */
  decodingWarning?: string;
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

const fleetOf = ({ vehicles, capacity, speedKmh }: Fleet): Fleet => ({ vehicles, capacity, speedKmh });

const PREVIEW_DELAY_MS = 200;

/** The API's refusal as the dialog says it: a missing fleet value names the field to type here, not the request's. */
const inDialogWords = (error: AppErrorData): AppErrorData => ({
  ...error,
  message: askedInDialog(error.message),
  ...(error.details ? { details: error.details.map(askedInDialog) } : {}),
});

export function useCsvImport(onImported: (record: StoredInstance) => void) {
  const api = useApi();
  const run = useRunner();
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const sequence = useRef(0);
  // The fleet typed in a dialog cancelled since the last import: the file corrected and picked again starts from it,
  // not from the last import's (or empty fields), as the dispatcher left them.
  const cancelledFleet = useRef<Fleet | null>(null);

  const previewFile = useCallback(async (file: File) => {
    const { text, warning } = decodeText(new Uint8Array(await file.arrayBuffer()));
    // A file dropped on the open dialog keeps the fleet typed there (its fields still show it): starting again from
    // the last import's fleet stored a vehicle per customer while the field showed 8. A Solomon or VRPLIB file has a
    // fleet of its own: opened in a new dialog, its fields start empty, so that the file's is imported unless one is typed.
    setPending((p) => ({
      fileName: file.name,
      text,
      ...(warning ? { decodingWarning: warning } : {}),
      preview: null,
      error: null,
      checking: true,
      ...(p ? fleetOf(p) : benchmarkFormat(text) ? {} : (cancelledFleet.current ?? lastFleet())),
    }));
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
        result = { preview: null, error: inDialogWords(asErrorData(err)) };
      }
      if (mine === sequence.current) setPending((p) => (p ? { ...p, ...result, checking: false } : p));
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [api, fileName, text, vehicles, capacity, speedKmh]);

  const setFleet = useCallback((fleet: Fleet) => setPending((p) => (p ? { ...p, ...fleet, checking: true } : p)), []);

  const confirm = useCallback(async () => {
    if (!pending?.preview || pending.checking) return;
    setBusy(true);
    const request = {
      fileName: pending.fileName,
      text: pending.text,
      vehicles: pending.vehicles,
      capacity: pending.capacity,
      speedKmh: pending.speedKmh,
    };
    // Worded for the dialog before it is reported: the banner says the same as the dialog, the field to type.
    const record = await run(
      'Import CSV',
      () =>
        api.call('instances:importCsv', request).catch((err: unknown) => {
          throw inDialogWords(asErrorData(err));
        }),
      (error) => setPending((p) => (p ? { ...p, error, preview: null } : p)),
    );
    setBusy(false);
    if (record) {
      cancelledFleet.current = null;
      // A Solomon or VRPLIB file's fleet is its own: the next CSV starts from the last CSV's.
      if (!pending.preview.fleetInFile)
        localStorage.setItem(FLEET_KEY, JSON.stringify({ capacity: request.capacity, speedKmh: request.speedKmh }));
      setPending(null);
      onImported(record);
    }
  }, [api, run, pending, onImported]);

  const close = useCallback(() => {
    sequence.current++;
    if (pending) cancelledFleet.current = fleetOf(pending);
    setPending(null);
  }, [pending]);

  return { pending, setFleet, busy, previewFile, confirm, close };
}

export type CsvImportState = ReturnType<typeof useCsvImport>;
