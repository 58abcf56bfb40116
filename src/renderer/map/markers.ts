/**
 * Stop and depot markers as Leaflet div icons (draggable, styled by CSS): a customer's size grows with its demand,
 * its fill is its route's colour, a red ring marks a late arrival and an amber dashed ring an early one.
 */
import L from 'leaflet';
import type { Customer, Depot } from '../../shared/domain.js';

export interface StopLook {
  colour: string | null;
  late: number;
  early: number;
  selected: boolean;
  /** Position in its route (1-based), shown in the tooltip. */
  order: number | null;
}

const MIN_DIAMETER = 16;
export const MAX_DIAMETER = 34;

export function markerDiameter(demand: number, maxDemand: number): number {
  if (maxDemand <= 0) return MIN_DIAMETER;
  const share = Math.sqrt(Math.max(0, demand) / maxDemand);
  return Math.round(MIN_DIAMETER + (MAX_DIAMETER - MIN_DIAMETER) * share);
}

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function customerIcon(customer: Customer, maxDemand: number, look: StopLook): L.DivIcon {
  const size = markerDiameter(customer.demand, maxDemand);
  const classes = ['stop-marker'];
  if (look.late > 0) classes.push('stop-late');
  else if (look.early > 0) classes.push('stop-early');
  if (look.selected) classes.push('stop-selected');
  if (!look.colour) classes.push('stop-unrouted');
  const style = look.colour ? `background:${look.colour};` : '';
  const label = escapeHtml(customer.id);
  return L.divIcon({
    className: 'stop-marker-host',
    iconSize: [size, size],
    iconAnchor: [size / 2, size / 2],
    html:
      `<div class="${classes.join(' ')}" style="${style}width:${size}px;height:${size}px" ` +
      `data-testid="marker-${label}" data-late="${look.late > 0}" data-early="${look.early > 0}" ` +
      `data-selected="${look.selected}"><span>${label}</span></div>`,
  });
}

export function depotIcon(depot: Depot): L.DivIcon {
  return L.divIcon({
    className: 'stop-marker-host',
    iconSize: [26, 26],
    iconAnchor: [13, 13],
    html: `<div class="depot-marker" data-testid="marker-depot" title="Depot ${escapeHtml(depot.id)}" role="img" aria-label="Depot ${escapeHtml(depot.id)}">★</div>`,
  });
}
