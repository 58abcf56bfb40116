/**
 * Which stop markers show their label, and the selected stop's look, on markers already drawn. The overlap pass
 * (declutter.ts) runs when the labels that fit can change (a zoom, a plan or an edit, a route focused, the Find box),
 * never on a selection: a selection restyles the two markers it concerns. On a 1,000-stop day the pass and the
 * restyling of every marker on each selection were the map's largest cost of a key press in the customer table.
 * The selected stop's label is always shown, raised above its neighbours', and the other labels stay as they are:
 * they do not come and go while the dispatcher steps through the table.
 */
import type L from 'leaflet';
import type { Customer } from '../../shared/domain.js';
import { labelsShown } from './declutter.js';
import { labelBox, showSelected, type StopLook } from './markers.js';

/** A customer's marker as it is drawn. */
export interface StopMarker {
  marker: L.Marker;
  customer: Customer;
  look: StopLook;
  /** What the marker shows of the plan and the day, as a key: a marker whose key changes is drawn anew. */
  drawn: string;
  /** Its diameter, px. */
  size: number;
  /** Faded (another route shown alone, or not among the Find box's customers): its label is never shown. */
  faded: boolean;
  /** Whether the last overlap pass showed its label. */
  labelled: boolean;
}

/**
 * Leaflet's z-index offsets: a labelled marker lies above the dots, so that no dot covers its label, and the selected
 * one above the labelled ones it may overlap (they lie within a label's height of it, far less than the gap); the
 * depot's (1000) above all.
 */
const LABELLED_Z = 500;
const SELECTED_Z = 800;

/** Shows or hides one marker's label by the last pass and the selection, and places it in the stacking. */
function placeLabel(stop: StopMarker): void {
  const raised = stop.look.selected && !stop.faded;
  stop.marker.getElement()?.classList.toggle('label-hidden', !(stop.labelled || raised));
  const z = raised ? SELECTED_Z : stop.labelled ? LABELLED_Z : 0;
  // Setting it moves the marker again (Leaflet's update): only where it changes, not on each of 1,000 markers.
  if ((stop.marker.options.zIndexOffset ?? 0) !== z) stop.marker.setZIndexOffset(z);
}

/**
 * The overlap pass at the map's zoom: the labels of larger markers first, whatever is selected. Every marker's label
 * is set, as a marker drawn anew (Leaflet's setIcon) gets its classes anew. Positions on the map's layer move
 * together when it is panned, so a pan changes nothing here.
 */
export function declutterLabels(map: L.Map, stops: ReadonlyMap<string, StopMarker>): void {
  // With one route shown alone, its stops are the ones labelled and numbered: a faded stop of another route took
  // the room of the shown route's labels (4 of 24 labelled on a 500-stop day) and showed its own route's numbers.
  const boxes = [...stops].flatMap(([id, { marker, size, look, faded }]) => {
    if (faded) return [];
    const at = map.latLngToLayerPoint(marker.getLatLng());
    return [{ id, x: at.x, y: at.y, ...labelBox(id, size, look.order !== null), priority: size }];
  });
  const shown = labelsShown(boxes);
  for (const [id, stop] of stops) {
    stop.labelled = shown.has(id);
    placeLabel(stop);
  }
}

/** Moves the selection from one stop to another (either may be null): those two markers are restyled, no other. */
export function moveSelection(stops: ReadonlyMap<string, StopMarker>, from: string | null, to: string | null): void {
  for (const id of new Set([from, to])) {
    const stop = id === null ? undefined : stops.get(id);
    if (!stop || stop.look.selected === (id === to)) continue;
    stop.look = { ...stop.look, selected: id === to };
    showSelected(stop.marker.getElement(), id === to);
    placeLabel(stop);
  }
}
