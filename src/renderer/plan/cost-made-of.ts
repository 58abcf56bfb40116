import type { Evaluation, Instance } from '../../shared/domain.js';
import { formatCost, formatNumber } from '../format.js';

/**
 * What a cost is made of, since it has no unit of its own: the travel (on a lat/lon day minutes of driving at the
 * fleet's speed) plus the policy's price on the time windows (waiting, earliness, lateness; docs/cost.md).
 */
export function costMadeOf(instance: Pick<Instance, 'coordinates'>, evaluation: Pick<Evaluation, 'cost' | 'distance'>): string {
  const geo = instance.coordinates?.kind === 'geo' ? instance.coordinates : null;
  const travel = geo
    ? `${formatNumber(evaluation.distance, 1)} minutes of driving at ${formatNumber(geo.speedKmh)} km/h`
    : `${formatNumber(evaluation.distance, 1)} of travel`;
  const windows = evaluation.cost - evaluation.distance;
  return `Cost ${formatCost(evaluation.cost)}: ${travel} + ${formatNumber(Math.abs(windows) < 0.05 ? 0 : windows, 1)} for the time windows (the policy's price on waiting, earliness and lateness)`;
}
