import type { Evaluation, Instance } from '../../shared/domain.js';
import { formatCost, formatNumber } from '../format.js';

/**
 * What a cost is made of, since it has no unit of its own: the travel (on a lat/lon day minutes of driving at the
 * fleet's speed) plus the policy's price on the time windows (waiting, earliness, lateness; docs/cost.md).
 */
export function costMadeOf(instance: Pick<Instance, 'coordinates'>, evaluation: Pick<Evaluation, 'cost' | 'distance'>): string {
  const geo = instance.coordinates?.kind === 'geo' ? instance.coordinates : null;
  // Each part to one decimal as the cost is shown, the windows' part the difference of the two as shown: they add up.
  const tenths = (v: number) => Math.round(v * 10) / 10;
  const [cost, distance] = [tenths(evaluation.cost), tenths(evaluation.distance)];
  const travel = geo
    ? `${formatCost(distance)} minutes of driving at ${formatNumber(geo.speedKmh)} km/h`
    : `${formatCost(distance)} of travel`;
  return `Cost ${formatCost(cost)}: ${travel} + ${formatCost(tenths(cost - distance))} for the time windows (waiting, earliness and lateness, as far as this policy prices them)`;
}
