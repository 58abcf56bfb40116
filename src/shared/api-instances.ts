/**
 * The instance calls' side of the API contract (api.ts): what a save and a CSV import send, and the stored days they
 * answer with.
 */
import { z } from 'zod';
import { type Coordinates, type Instance, sentInstanceSchema } from './domain.js';
import { idSchema as id, versionStampSchema } from './api-id.js';
import { MAX_FILE_NAME_CHARS } from './limits.js';
import type { BenchmarkFormat } from './benchmark-text.js';

/**
 * A save: a new instance (no id) or the stored one with that id. `basedOn`: the updatedAt of the stored instance the
 * edits start from; the save is refused (kind 'conflict', nothing stored) where it was saved or deleted elsewhere
 * since, so one window never overwrites another's edits. It names a version of a stored instance, so it comes with
 * that instance's id: alone it would be ignored, and a save meant as an update would store a second day.
 */
export const instanceSaveSchema = z
  .strictObject({ id: id.optional(), basedOn: versionStampSchema.optional(), instance: sentInstanceSchema })
  .refine((r) => r.basedOn === undefined || r.id !== undefined, {
    path: ['basedOn'],
    message:
      "the request gives basedOn without id: basedOn is the version of a stored instance the edits start from, so it comes with that instance's id; give the id to update it, or drop basedOn to store a new instance",
  });

export const csvImportSchema = z.strictObject({
  fileName: z
    .string()
    .max(MAX_FILE_NAME_CHARS, `is longer than ${MAX_FILE_NAME_CHARS} characters, the most a file name may have: rename the file`),
  text: z.string(),
  vehicles: z.number().int().positive().optional(),
  capacity: z.number().positive().optional(),
  speedKmh: z.number().positive().optional(),
});

export interface InstanceSummary {
  id: number;
  name: string;
  customers: number;
  vehicles: number;
  capacity: number;
  /** What the plans' figures are measured in (renderer/units.ts): lat/lon and its speed, clock times. */
  coordinates?: Coordinates;
  clockTimes?: boolean;
  source: string | null;
  createdAt: string;
  updatedAt: string;
  plans: number;
}

/**
 * `instances:changes`: the history's entries changed after change `since` (a `seq` an earlier answer gave), so that a
 * window keeps its history by the days that changed rather than reading all of them after every change. Without
 * `since`, or where the store no longer knows every change after it (kept: the latest 10,000; or a `seq` this
 * database never gave), the whole history (`full`).
 */
export const historyChangesSchema = z.strictObject({ since: z.number().int().nonnegative().optional() });

export interface HistoryChanges {
  /** The latest change the answer includes: the next request's `since`. */
  seq: number;
  /** `days` is the whole history, in its order; otherwise only the entries changed since, as they are now. */
  full: boolean;
  days: InstanceSummary[];
  /** The days deleted since (never in `days`). */
  deleted: number[];
}

export interface StoredInstance {
  id: number;
  instance: Instance;
  source: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface CsvPreview {
  fileName: string;
  /** Field -> CSV header it was read from. */
  columns: Record<string, string>;
  rows: number;
  instance: Instance;
  /** Read as written, but perhaps not meant so (e.g. "7.30" in a file without HH:MM times): shown before importing. */
  warnings: string[];
  /**
   * A benchmark file's own fleet (a Solomon file's VEHICLE section, a VRPLIB file's VEHICLES and CAPACITY), which the
   * instance has where the request gives none: the dialog shows it in its empty fleet fields, and names the format.
   * Absent for a CSV, which has no fleet.
   */
  fleetInFile?: { vehicles: number; capacity: number; format: BenchmarkFormat };
}
