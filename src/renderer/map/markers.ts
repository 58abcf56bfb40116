/**
 * Stop and depot markers as Leaflet div icons (draggable, styled by CSS): a customer's size grows with its demand,
 * its fill is its route's colour, a red ring marks a late arrival, an amber ring early service (soft windows) and a
 * slate ring a wait for the window to open (the other policies: stopAsDriven tells which). Its id is
 * written on it, on one line: a circle widens into a pill to hold an id longer than it is wide (a circle cut
 * "mon-03-shop" to "mon-"), and an id wider than LABEL_MAX ends in an ellipsis (the tooltip names it whole). A routed
 * stop carries its place in its route in a badge at its top right, white with the route's colour (its digits darkened
 * where the colour is too light to read on white), so the order each
 * vehicle drives reads off the map (the map's key names it); the Plan view's map and Compare's draw it alike, here.
 */
import L from 'leaflet';
import type { Customer, Depot } from '../../shared/domain.js';
import { labelWidth } from '../label-width.js';
import { inkOn, inkOnWhite } from './route-ink.js';

export interface StopLook {
  colour: string | null;
  late: number;
  early: number;
  wait: number;
  selected: boolean;
  /** Position in its route (1-based), shown in its badge and the tooltip. */
  order: number | null;
}

const MIN_DIAMETER = 16;
export const MAX_DIAMETER = 34;

export function markerDiameter(demand: number, maxDemand: number): number {
  if (maxDemand <= 0) return MIN_DIAMETER;
  const share = Math.sqrt(Math.max(0, demand) / maxDemand);
  return Math.round(MIN_DIAMETER + (MAX_DIAMETER - MIN_DIAMETER) * share);
}

/** The widest label, px (map.css: .stop-marker span). */
const LABEL_MAX = 96;
/** A pill's padding (3 px) and border (2 px) on each side of its label (map.css: .stop-marker). */
const PILL_EDGE = 10;

/** A marker's width: its circle's diameter, or the pill around its label where that is wider. */
export function markerWidth(id: string, diameter: number): number {
  return Math.max(diameter, Math.ceil(Math.min(LABEL_MAX, labelWidth(id)) + PILL_EDGE));
}

/** The order badge's height, and the most it reaches past the marker's edge to the right and above (map.css: .stop-order). */
const BADGE = 14;
export const BADGE_REACH = BADGE / 2;

/**
 * The box a marker's label (and its order badge) needs free of other labels, centred on the stop: the badge reaches
 * past the top right, and the box grows by that much on every side, so that two shown badges never touch either.
 */
export function labelBox(id: string, diameter: number, ordered: boolean): { width: number; height: number } {
  const reach = ordered ? 2 * BADGE_REACH : 0;
  return { width: markerWidth(id, diameter) + reach, height: diameter + reach };
}

/** The class of a selected stop's marker (map.css), set as it is drawn and as the selection moves (showSelected). */
const SELECTED = 'stop-selected';

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function customerIcon(customer: Customer, maxDemand: number, look: StopLook): L.DivIcon {
  const size = markerDiameter(customer.demand, maxDemand);
  const classes = ['stop-marker'];
  if (look.late > 0) classes.push('stop-late');
  else if (look.early > 0) classes.push('stop-early');
  else if (look.wait > 0) classes.push('stop-wait');
  if (look.selected) classes.push(SELECTED);
  if (!look.colour) classes.push('stop-unrouted');
  // The id in white or dark text, whichever reads on the route's colour (route-ink.ts); a dark one needs no shadow.
  const ink = look.colour ? inkOn(look.colour) : null;
  if (ink && ink !== '#ffffff') classes.push('stop-dark-ink');
  const style = look.colour ? `background:${look.colour};color:${ink};` : '';
  const label = escapeHtml(customer.id);
  const width = markerWidth(customer.id, size);
  const badge =
    look.order !== null && look.colour
      ? `<b class="stop-order" style="color:${inkOnWhite(look.colour)};border-color:${look.colour}" data-testid="order-${label}">${look.order}</b>`
      : '';
  return L.divIcon({
    className: 'stop-marker-host',
    iconSize: [width, size],
    iconAnchor: [width / 2, size / 2],
    html:
      // Hidden from screen readers, as it is out of the Tab order (route-map.tsx): the customer table and the route
      // legend name every stop; 1,000 dots (most without their id shown) were 1,000 unnamed buttons.
      `<div class="${classes.join(' ')}" style="${style}min-width:${size}px;height:${size}px" aria-hidden="true" ` +
      `data-testid="marker-${label}" data-late="${look.late > 0}" data-early="${look.early > 0}" data-wait="${look.wait > 0}" ` +
      `data-selected="${look.selected}" data-order="${look.order ?? ''}"><span>${label}</span>${badge}</div>`,
  });
}

/**
 * Marks a drawn stop marker (its Leaflet element) selected or not, as customerIcon draws it, without drawing it anew:
 * a new icon replaces the marker's inner elements and resets its classes, which the label pass then set again.
 */
export function showSelected(host: HTMLElement | undefined, selected: boolean): void {
  const marker = host?.querySelector<HTMLElement>('.stop-marker');
  if (!marker) return;
  marker.classList.toggle(SELECTED, selected);
  marker.dataset.selected = String(selected);
}

export function depotIcon(depot: Depot): L.DivIcon {
  return L.divIcon({
    className: 'stop-marker-host',
    iconSize: [26, 26],
    iconAnchor: [13, 13],
    html: `<div class="depot-marker" data-testid="marker-depot" title="Depot ${escapeHtml(depot.id)}" role="img" aria-label="Depot ${escapeHtml(depot.id)}">★</div>`,
  });
}
