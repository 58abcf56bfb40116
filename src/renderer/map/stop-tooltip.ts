/** The DOM's part of tooltip-place.ts: a stop's tooltip, as it opens, is measured and placed. */
import type L from 'leaflet';
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
