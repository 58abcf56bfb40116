import { createHash } from 'node:crypto';
import type { Instance } from '../../shared/domain.js';
import { planningDataText } from '../../shared/planning-data.js';

/**
 * The planning data of a day (planning-data.ts) as a short text a plan is stored with: the day gives another once
 * any of that data changed, and the plan is then out of date (plans.ts `recheck`).
 */
export const dataFingerprint = (instance: Instance): string => createHash('sha256').update(planningDataText(instance)).digest('hex');

/**
 * The fingerprint of a plan whose planning data is not known here (one a window kept after its stored plan was deleted,
 * already out of date on screen): no day gives it, so the plan is out of date on every day, and no cost "when planned"
 * is known for it.
 */
export const UNKNOWN_DATA = 'unknown';
