/**
 * The map: depot, customers and routes. Planar instances sit on L.CRS.Simple over a light grid; geographic ones on
 * tiles with an offline fallback. Click on empty map adds a customer (when `onAdd` is given), drag moves one,
 * click selects. Leaflet is driven imperatively from effects; React owns only the container and the notes.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { Customer, Evaluation, Instance, Routes, VariantName } from '../../shared/domain.js';
import { nearLongitude, wrapLongitude } from '../../shared/longitude.js';
import { unitsOf } from '../units.js';
import { getTileUrl, planarGridLayer, tileLayerWithFallback } from './base-layers.js';
import { exposeViewState, SYNCED_MAP_OPTIONS, type MapSync } from './map-sync.js';
import { BADGE_REACH, customerIcon, depotIcon, MAX_DIAMETER, markerDiameter, markerWidth, type StopLook } from './markers.js';
import { routeColour } from './palette.js';
import { placeOpenedTooltip, tooltipHtml } from './stop-tooltip.js';
import { declutterLabels, moveSelection, type StopMarker } from './stop-labels.js';
import { TileSettings } from './tile-settings.js';
import { stopInfo } from './stop-info.js';
import { MapKey } from './map-key.js';
import { mapKeyItems } from './map-key-items.js';

export interface RouteMapProps {
  instance: Instance;
  routes?: Routes | null;
  evaluation?: Evaluation | null;
  /** The policy the evaluation is under: a stop reached before its window opens waits (hard, partly soft) or is early (soft). */
  variant?: VariantName;
  selected?: string | null;
  onSelect?(id: string | null): void;
  onAdd?(x: number, y: number): void;
  onMove?(id: string, x: number, y: number): void;
  /** The view is fitted to the instance whenever this changes. */
  fitKey: string | number;
  /** One route shown alone (the others hidden, their stops faded), or null for all. */
  focusRoute?: number | null;
  /** The customers the table's find box shows (the others' stops faded), or null where it holds nothing. */
  found?: ReadonlySet<string> | null;
  sync?: MapSync;
  testId?: string;
  /** The map's name for a screen reader (a region of the page). */
  label?: string;
}

const TILE_TIMEOUT_MS = 4000;
const TILES_OFFLINE = 'Map tiles are unavailable (offline?) — showing stops on a plain background.';
/**
 * Pixels kept clear around the stops a fit shows, so the largest marker is whole at the edge: a share of the
 * stops' extent alone left the edge markers cut in a short map (under a plan's timeline in a small window). Sideways
 * that is half the widest pill among them (a long id, markers.ts): a pill at the west or east edge was cut after a fit.
 */
function fitPadding(shown: Customer[]): L.PointTuple {
  const widest = shown.reduce((most, c) => Math.max(most, markerWidth(c.id, MAX_DIAMETER)), MAX_DIAMETER);
  // A routed stop's order badge reaches past its top right (markers.ts).
  return [widest / 2 + BADGE_REACH + 6, MAX_DIAMETER / 2 + BADGE_REACH + 6];
}

/** Where a node sits on the map: for lat/lon, its longitude within 180° of the depot's (a day across the antimeridian in one piece). */
function mapPoint(instance: Instance, node: { x: number; y: number }): L.LatLngTuple {
  return [node.y, instance.coordinates?.kind === 'geo' ? nearLongitude(node.x, instance.depot.x) : node.x];
}

/** A longitude read back from the map (a marker dragged, maybe past the antimeridian), in [−180°, 180°]. */
function mapLongitude(instance: Instance, lng: number): number {
  return instance.coordinates?.kind === 'geo' ? wrapLongitude(lng) : lng;
}

export function RouteMap(props: RouteMapProps) {
  const { instance, routes, evaluation, selected, fitKey, sync, focusRoute = null, found = null, testId = 'map' } = props;
  const kind = instance.coordinates?.kind ?? 'planar';
  const container = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const layers = useRef<{ routes: L.LayerGroup; stops: L.LayerGroup } | null>(null);
  const handlers = useRef(props);
  handlers.current = props;
  const draggable = Boolean(props.onMove);
  const [tiles, setTiles] = useState<'pending' | 'online' | 'offline'>('pending');
  const [tileSettings, setTileSettings] = useState(false);
  /** Bumped when the tile URL changes, to rebuild the map with the new tiles. */
  const [tileVersion, setTileVersion] = useState(0);
  /** Bumped each time a Leaflet map is created, so the view and the layers are set up on the new one. */
  const [generation, setGeneration] = useState(0);
  /** The last fitted view, kept until the user pans or zooms: a resize refits it (e.g. when the timeline appears). */
  const fitted = useRef<(() => void) | null>(null);
  /**
   * Each customer's marker and how it is drawn: a change of the selection redraws the two markers it concerns, not
   * every stop (on an 800-stop day a full redraw took seconds per click).
   */
  const stopMarkers = useRef(new Map<string, StopMarker>());
  /** The layer the kept markers are on, and the depot's marker (drawn afresh each time). */
  const markersOn = useRef<L.LayerGroup | null>(null);
  const depotMarker = useRef<L.Marker | null>(null);
  const selectedNow = useRef(selected);
  selectedNow.current = selected;
  /** The stop whose marker is drawn selected. */
  const selectionShown = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: tileVersion is the trigger that rebuilds the map with new tiles
  useEffect(() => {
    const el = container.current;
    if (!el) return;
    const map = L.map(el, {
      crs: kind === 'planar' ? L.CRS.Simple : L.CRS.EPSG3857,
      minZoom: kind === 'planar' ? -6 : 1,
      maxZoom: kind === 'planar' ? 8 : 19,
      zoomSnap: 0.25,
      attributionControl: kind !== 'planar',
      // Routes are drawn into an SVG this much larger than the view on each side, so lines stay whole while a
      // drag or a one-step zoom-out animation is in progress (Leaflet redraws only when the move ends).
      renderer: L.svg({ padding: 0.5 }),
      ...(sync ? SYNCED_MAP_OPTIONS : {}),
    });
    map.setView([0, 0], 0);
    const unexpose = exposeViewState(map, el);
    let timeout: ReturnType<typeof setTimeout> | undefined;
    if (kind === 'planar') {
      planarGridLayer().addTo(map);
    } else {
      setTiles('pending');
      tileLayerWithFallback(getTileUrl(), setTiles).addTo(map);
      // Without tiles (offline is normal) a scale bar is the one cue to distance left on a plain background.
      L.control.scale({ position: 'bottomright', imperial: false }).addTo(map);
      timeout = setTimeout(() => setTiles((s) => (s === 'pending' ? 'offline' : s)), TILE_TIMEOUT_MS);
    }
    layers.current = { routes: L.layerGroup().addTo(map), stops: L.layerGroup().addTo(map) };
    map.on('click', (e: L.LeafletMouseEvent) => {
      const { onAdd, onSelect } = handlers.current;
      // A click past the antimeridian (the map continues there) adds the stop at its longitude in [−180°, 180°].
      if (onAdd) onAdd(kind === 'geo' ? wrapLongitude(e.latlng.lng) : e.latlng.lng, e.latlng.lat);
      else onSelect?.(null);
    });
    mapRef.current = map;
    map.on('zoomend', () => declutterLabels(map, stopMarkers.current));
    setGeneration((g) => g + 1);
    const unsync = sync?.add(map);
    const resize = new ResizeObserver(() => {
      map.invalidateSize({ animate: false });
      fitted.current?.();
    });
    resize.observe(el);
    const userMoved = () => {
      fitted.current = null;
    };
    map.on('dragstart', userMoved);
    el.addEventListener('wheel', userMoved, { passive: true });
    el.querySelector('.leaflet-control-zoom')?.addEventListener('click', userMoved);
    return () => {
      clearTimeout(timeout);
      resize.disconnect();
      unsync?.();
      unexpose();
      map.remove();
      mapRef.current = null;
      layers.current = null;
    };
  }, [kind, sync, tileVersion]);

  // Fit the view when a different instance or plan is opened or a route is focused (not on every edit, which
  // would jump while dragging). The container may just have changed size (the timeline appears with a plan).
  // biome-ignore lint/correctness/useExhaustiveDependencies: refit only when another instance or plan is opened (fitKey), the map is new (generation) or a route is focused, not on every edit
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    map.invalidateSize({ animate: false });
    const focused = focusRoute !== null ? new Set(routes?.[focusRoute] ?? []) : null;
    const shown = focused ? instance.customers.filter((c) => focused.has(c.id)) : instance.customers;
    const points: L.LatLngTuple[] = [mapPoint(instance, instance.depot), ...shown.map((c) => mapPoint(instance, c))];
    const bounds = L.latLngBounds(points);
    const padding = fitPadding(shown);
    const fitView = () =>
      points.length < 2 || bounds.getNorthEast().equals(bounds.getSouthWest())
        ? map.setView(points[0], kind === 'planar' ? 2 : 12, { animate: false })
        : map.fitBounds(bounds.pad(0.08), { animate: false, padding });
    fitView();
    fitted.current = fitView;
  }, [fitKey, generation, focusRoute]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation redraws the layers on a newly created map
  useEffect(() => {
    const group = layers.current;
    const map = mapRef.current;
    if (!group || !map) return;
    group.routes.clearLayers();
    const byId = new Map(instance.customers.map((c) => [c.id, c]));
    const depotPoint = mapPoint(instance, instance.depot);
    routes?.forEach((route, r) => {
      if (route.length === 0 || (focusRoute !== null && r !== focusRoute)) return;
      const points = [depotPoint, ...route.flatMap((id) => (byId.has(id) ? [mapPoint(instance, byId.get(id)!)] : [])), depotPoint];
      const colour = routeColour(r);
      const line = L.polyline(points, { color: colour, weight: 3, opacity: 0.85, className: `route-line route-${r}`, interactive: false });
      line.addTo(group.routes);
      const path = line.getElement();
      path?.setAttribute('data-testid', `route-line-${r}`);
      path?.setAttribute('data-colour', colour);
    });

    const info = stopInfo(routes, evaluation, props.variant, instance.depot.ready);
    const maxDemand = Math.max(0, ...instance.customers.map((c) => c.demand));
    // Markers are kept where nothing they show changed (an edit of one customer on an 800-stop day redraws one
    // marker, not 800); a new map (generation) starts over.
    if (markersOn.current !== group.stops) {
      stopMarkers.current.clear();
      markersOn.current = group.stops;
    } else if (depotMarker.current) {
      group.stops.removeLayer(depotMarker.current);
    }
    const shown = new Set<string>();
    for (const customer of instance.customers) {
      shown.add(customer.id);
      const stop = info.get(customer.id);
      const look: StopLook = {
        colour: stop ? routeColour(stop.route) : null,
        late: stop?.late ?? 0,
        early: stop?.early ?? 0,
        wait: stop?.wait ?? 0,
        selected: selectedNow.current === customer.id,
        order: stop?.order ?? null,
      };
      const faded = (focusRoute !== null && stop?.route !== focusRoute) || (found !== null && !found.has(customer.id));
      // The size is apart: a demand raised above the day's largest resizes every marker, which needs no new marker.
      const size = markerDiameter(customer.demand, maxDemand);
      const drawn = JSON.stringify([stop ?? null, faded, draggable, instance.clockTimes, instance.coordinates, instance.depot.x]);
      const old = stopMarkers.current.get(customer.id);
      if (old && old.customer === customer && old.drawn === drawn) {
        if (old.look.selected !== look.selected || old.size !== size) {
          old.look = look;
          old.size = size;
          old.marker.setIcon(customerIcon(customer, maxDemand, look));
        }
        continue;
      }
      if (old) group.stops.removeLayer(old.marker);
      const marker = L.marker(mapPoint(instance, customer), {
        icon: customerIcon(customer, maxDemand, look),
        draggable,
        // Out of the Tab order: a 1,000-stop day put 1,000 Tab stops (most of them unnamed) between the table
        // and the Plan panel. The table's rows and the route legend's stop chips reach every stop by keyboard.
        keyboard: false,
        title: undefined,
        opacity: faded ? 0.3 : 1,
      });
      marker.bindTooltip(tooltipHtml(instance, customer, stop), { className: 'stop-tooltip' });
      marker.on('tooltipopen', (e) => placeOpenedTooltip(map, e.tooltip, (stopMarkers.current.get(customer.id)?.size ?? size) / 2));
      marker.on('click', () => handlers.current.onSelect?.(customer.id));
      marker.on('dragend', () => {
        const at = marker.getLatLng();
        handlers.current.onMove?.(customer.id, mapLongitude(instance, at.lng), at.lat);
      });
      marker.addTo(group.stops);
      stopMarkers.current.set(customer.id, { marker, customer, look, drawn, size, faded, labelled: false });
    }
    for (const [id, entry] of stopMarkers.current) {
      if (shown.has(id)) continue;
      group.stops.removeLayer(entry.marker);
      stopMarkers.current.delete(id);
    }
    const depot = L.marker(depotPoint, {
      icon: depotIcon(instance.depot),
      draggable,
      keyboard: false,
      zIndexOffset: 1000,
    });
    // Beside the depot, on the side towards the map's middle: above it, a depot near the top left corner had its
    // tooltip cut off under the zoom buttons.
    depot.bindTooltip(`Depot · shift ${unitsOf(instance).time(instance.depot.ready)}–${unitsOf(instance).time(instance.depot.due)}`, {
      direction: 'auto',
      offset: [14, 0],
    });
    depot.on('dragend', () => {
      const at = depot.getLatLng();
      handlers.current.onMove?.(instance.depot.id, mapLongitude(instance, at.lng), at.lat);
    });
    depot.addTo(group.stops);
    depotMarker.current = depot;
    selectionShown.current = selectedNow.current ?? null;
    declutterLabels(map, stopMarkers.current);
  }, [instance, routes, evaluation, draggable, generation, focusRoute, found]);

  // The selection: the two markers it concerns are restyled, and the labels shown stay (stop-labels.ts).
  useEffect(() => {
    moveSelection(stopMarkers.current, selectionShown.current, selected ?? null);
    selectionShown.current = selected ?? null;
  }, [selected]);

  // Bring a customer selected elsewhere (the table) into view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pan only when the selection changes, not on every edit
  useEffect(() => {
    const map = mapRef.current;
    const customer = instance.customers.find((c) => c.id === selected);
    if (!map || !customer) return;
    const at = mapPoint(instance, customer);
    if (!map.getBounds().contains(at)) map.panTo(at);
  }, [selected]);

  // The key lists the rings this plan's markers show; before a plan is scored, none.
  const keyItems = useMemo(
    () =>
      mapKeyItems(
        instance.customers.map((c) => c.id),
        stopInfo(routes, evaluation, props.variant, instance.depot.ready),
        Boolean(routes && evaluation && props.variant),
      ),
    [instance, routes, evaluation, props.variant],
  );
  return (
    // A region named for a screen reader: the map held a tab stop and a dozen buttons, and said nothing of what they were.
    <section
      className={`route-map route-map-${kind}${kind === 'geo' && tiles === 'offline' ? ' tiles-offline' : ''}${props.onAdd ? ' adding' : ''}`}
      data-testid={testId}
      data-adding={Boolean(props.onAdd)}
      aria-label={props.label ?? "Map of the day's stops and routes"}
    >
      <div ref={container} className="route-map-canvas" />
      {/* The key and the offline note share the bottom-left corner, one above the other, clear of the controls. */}
      <div className="map-corner">
        <MapKey items={keyItems} testId={`${testId}-key`} />
        {kind === 'geo' && tiles === 'offline' && (
          <div className="map-note" data-testid="tiles-offline-note" title={TILES_OFFLINE}>
            {/* A narrow map (Compare's, in a small window) says it in a few words: the sentence took four lines there. */}
            <span className="map-note-long">{TILES_OFFLINE}</span>
            <span className="map-note-short">No map tiles (offline?)</span>
          </div>
        )}
      </div>
      {kind === 'geo' && (
        <button className="btn btn-small map-tiles-btn" data-testid="tile-settings-open" onClick={() => setTileSettings(true)}>
          Map tiles…
        </button>
      )}
      {tileSettings && (
        <TileSettings
          onClose={() => setTileSettings(false)}
          onSaved={() => {
            setTileSettings(false);
            setTileVersion((v) => v + 1);
          }}
        />
      )}
      {props.onAdd && instance.customers.length === 0 && (
        <div className="map-note map-note-center">Click the map to add customers, or import a CSV.</div>
      )}
    </section>
  );
}
