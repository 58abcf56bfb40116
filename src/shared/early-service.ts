import type { Evaluation, Instance, Variant } from './domain.js';
import { messageNumber } from './number-text.js';

/** Served this long before its window opens (minutes) a stop is early enough that a closed shop matters. */
const EARLY_MINUTES = 60;

/**
 * Soft windows (tw3) serve on arrival, hours before a window opens if that is cheapest, earliness priced at α (0.1
 * a minute by default): a plan that does so for some customers says it, whichever method made it, since a shop may
 * not take a delivery before its window, and names the policy whose drivers wait (tw2). Days in clock time or lat/lon
 * only, where an hour is an hour; null otherwise or where no stop is that early.
 */
export function earlyServiceNote(instance: Instance, variant: Variant, evaluation: Pick<Evaluation, 'routes'>): string | null {
  if (variant.name !== 'tw3' || !(instance.clockTimes || instance.coordinates?.kind === 'geo')) return null;
  const stops = evaluation.routes.flatMap((route) => route.stops);
  const early = stops.filter((stop) => stop.early >= EARLY_MINUTES);
  if (early.length === 0) return null;
  const hours = Math.round(stops.reduce((sum, stop) => sum + stop.early, 0) / 60);
  const customers = early.length === 1 ? '1 customer' : `${messageNumber(early.length)} customers`;
  return (
    `This plan serves ${customers} more than an hour before ${early.length === 1 ? 'its window opens' : 'their windows open'} ` +
    `(${messageNumber(hours)} ${hours === 1 ? 'hour' : 'hours'} early in all): soft windows serve on arrival, earliness priced at α ${variant.alpha}. ` +
    'Where a customer cannot take a delivery before its window, plan with partly soft windows (tw2), whose drivers wait.'
  );
}
