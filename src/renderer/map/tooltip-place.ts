/**
 * Where a stop's tooltip opens, so that it is read whole: above the stop, as map tooltips usually open, unless it would
 * be cut off at the map's top edge and there is more room below; and moved sideways to lie inside the map, its pointer
 * still on the stop. (Above a stop near the top edge, the tooltip was cut off.)
 */

/** Leaflet's tooltip pointer: the tooltip lies this far beyond its anchor (leaflet.css, .leaflet-tooltip-top). */
const POINTER = 6;
/** Room kept between the tooltip and the map's edge. */
const MARGIN = 4;
/** The pointer stays this far inside the tooltip's ends (its 6 px half-width and the rounded corner). */
const POINTER_INSET = 10;

export interface TooltipPlace {
  direction: 'top' | 'bottom';
  /** Leaflet's offset from the stop's centre, px: sideways by the shift, and out by the marker's radius. */
  offset: [number, number];
}

/**
 * `at`: the stop's centre in the map's container, px; `radius`: its marker's; `tip`: the tooltip's size; `map`: the
 * map's size.
 */
export function tooltipPlace(
  at: { x: number; y: number },
  radius: number,
  tip: { width: number; height: number },
  map: { width: number; height: number },
): TooltipPlace {
  const needed = radius + POINTER + tip.height + MARGIN;
  const above = at.y;
  const below = map.height - at.y;
  const direction = above >= needed || above >= below ? 'top' : 'bottom';
  const left = at.x - tip.width / 2;
  const right = at.x + tip.width / 2;
  let shift = 0;
  if (left < MARGIN) shift = MARGIN - left;
  else if (right > map.width - MARGIN) shift = map.width - MARGIN - right;
  // Never so far that the pointer would leave the tooltip (a tooltip wider than the map, a stop past its edge).
  const most = Math.max(0, tip.width / 2 - POINTER_INSET);
  shift = Math.max(-most, Math.min(most, shift));
  return { direction, offset: [Math.round(shift), direction === 'top' ? -radius : radius] };
}
