/**
 * What the map's key explains: the order badge of a plan's routed stops, then only the marker rings the shown plan
 * has (late, early service under soft windows, waits under the others, not served), in that order; before a plan,
 * nothing, so no key.
 */
import type { StopInfo } from './stop-info.js';

export type MapKeyItem = 'order' | 'late' | 'early' | 'wait' | 'unserved';

export function mapKeyItems(customerIds: readonly string[], info: ReadonlyMap<string, StopInfo>, planned: boolean): MapKeyItem[] {
  if (!planned) return [];
  const stops = [...info.values()];
  const items: MapKeyItem[] = [];
  if (stops.length > 0) items.push('order');
  // A marker shows one ring, lateness first (markers.ts): a stop both late and early counts as late.
  if (stops.some((s) => s.late > 0)) items.push('late');
  if (stops.some((s) => s.late <= 0 && s.early > 0)) items.push('early');
  if (stops.some((s) => s.late <= 0 && s.early <= 0 && s.wait > 0)) items.push('wait');
  if (customerIds.some((id) => !info.has(id))) items.push('unserved');
  return items;
}
