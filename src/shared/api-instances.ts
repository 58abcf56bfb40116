/**
 * The instance calls' side of the API contract (api.ts): what a save and a CSV import send, and the stored days they
 * answer with.
 */
import { z } from 'zod';
import type { Coordinates, Instance } from './domain.js';

export const csvImportSchema = z.strictObject({
  fileName: z.string(),
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
}
