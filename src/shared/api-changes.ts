/**
 * What a call changed in the store, announced to every window and browser tab as the 'data:changed' event (api.ts),
 * so that each one shows what another saved or deleted as it happens, not first at its next refused call. Which call
 * announces what is said in one place, src/main/services/announce.ts. A training run's start is one of them; its end,
 * which may add a model, is announced by 'training:finished', which carries the run.
 */
import { z } from 'zod';

export type DataChange =
  /** A day stored: imported, created, saved or renamed. `updatedAt`: the version now stored. */
  | { what: 'instance-saved'; id: number; name: string; updatedAt: string }
  /** A day deleted, with its `plans` (a window names it as it shows it). */
  | { what: 'instance-deleted'; id: number; plans: number }
  /** A plan stored: planned, compared, or hand edits saved. */
  | { what: 'plan-saved'; id: number; instanceId: number }
  | { what: 'plan-deleted'; id: number }
  /** A model activated, imported or deleted, or a policy given back to the automatic choice. */
  | { what: 'models-changed' }
  /** A training run started: the Training tab lists it at once, before its first progress (queued behind a plan, say). */
  | { what: 'training-started'; id: number };

export interface DataChanged {
  change: DataChange;
  /** The window or tab whose call made the change (its window id), so that it does not take it for another's; null: none said. */
  by: string | null;
}

/**
 * The id a window or tab sends with its calls (the web mode: the X-Jampr-Window header; the desktop app: with each IPC
 * call), made once per page load. Letters, digits and dashes: it travels in a header.
 */
export const windowIdSchema = z.string().regex(/^[A-Za-z0-9-]{1,64}$/, 'a window id is 1 to 64 letters, digits or dashes');
export const WINDOW_ID_HEADER = 'X-Jampr-Window';

/** A new window id: random enough to tell the tabs of one browser apart (randomUUID needs a secure context). */
export const newWindowId = (): string => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
