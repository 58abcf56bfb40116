import { createHash } from 'node:crypto';
import type { Instance } from '../../shared/domain.js';
import { planningDataText } from '../../shared/planning-data.js';

/**
 * The planning data of a day (planning-data.ts) as a short text a plan is stored with: the day gives another once
 * any of that data changed, and the plan is then out of date (plans.ts `recheck`).
 */
export const dataFingerprint = (instance: Instance): string => createHash('sha256').update(planningDataText(instance)).digest('hex');
