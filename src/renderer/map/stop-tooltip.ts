/** A stop's tooltip: what it says, and (the DOM's part of tooltip-place.ts) where it opens, measured as it opens. */
import type L from 'leaflet';
import type { Customer, Instance } from '../../shared/domain.js';
import { formatNumber } from '../format.js';
import { unitsOf } from '../units.js';
import { escapeHtml } from './markers.js';
import type { StopInfo } from './stop-info.js';
import { tooltipPlace } from './tooltip-place.js';

/** Places an opened tooltip of a stop by tooltipPlace: called as it opens, when its size is known. */
export function placeOpenedTooltip(map: L.Map, tooltip: L.Tooltip, radius: number): void {
  const element = tooltip.getElement();
  const at = tooltip.getLatLng();
  if (!element || !at) return;
  const size = map.getSize();
  const place = tooltipPlace(
    map.latLngToContainerPoint(at),
    radius,
    { width: element.offsetWidth, height: element.offsetHeight },
    { width: size.x, height: size.y },
  );
  tooltip.options.direction = place.direction;
  tooltip.options.offset = place.offset;
  // The pointer moves back by the shift, to stay on the stop (map.css).
  element.style.setProperty('--pointer-shift', `${place.offset[0]}px`);
  tooltip.update();
}

/** A customer's tooltip: its name, address, demand and window, and where the plan has it, its arrival. */
export function tooltipHtml(instance: Instance, c: Customer, stop: StopInfo | undefined): string {
  const units = unitsOf(instance);
  const lines = [`<b>Customer ${escapeHtml(c.id)}</b>${c.name ? ` · ${escapeHtml(c.name)}` : ''}`];
  if (c.address) lines.push(escapeHtml(c.address));
  lines.push(`demand ${formatNumber(c.demand)} · window ${units.moment(c.ready)}–${units.time(c.due)}`);
  if (stop) lines.push(`route ${stop.route + 1}, stop ${stop.order} · arrive ${units.moment(stop.arrival)}`);
  if (stop && stop.late > 0) lines.push(`<span class="tip-late">late by ${units.duration(stop.late)}</span>`);
  if (stop && stop.early > 0) lines.push(`<span class="tip-early">early by ${units.duration(stop.early)}</span>`);
  if (stop && stop.wait > 0) lines.push(`<span class="tip-wait">waits ${units.duration(stop.wait)}</span>`);
  return lines.join('<br>');
}
