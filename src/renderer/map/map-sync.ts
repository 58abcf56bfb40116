/** Keeps several Leaflet maps on the same view (the compare view's two plans side by side). */
import type L from 'leaflet';

/**
 * Options a map must be created with to be kept in sync. Zoom animation is off because Leaflet silently drops a
 * setView that changes the zoom of a map that is itself mid zoom-animation, and during an animation a map shows
 * a scaled, clipped copy of its old view: with it on, the two maps were seen at different scales and the
 * follower's routes half drawn until the animation ended.
 */
export const SYNCED_MAP_OPTIONS: L.MapOptions = { zoomAnimation: false };

export class MapSync {
  private readonly maps = new Set<L.Map>();
  private syncing = false;

  add(map: L.Map): () => void {
    // Every view change (pan, drag frame, zoom, resize) fires 'move'; the followers jump to it without animation,
    // so each one redraws its routes for the new view at once.
    const follow = () => {
      if (this.syncing) return;
      this.syncing = true;
      try {
        for (const other of this.maps) {
          if (other !== map) other.setView(map.getCenter(), map.getZoom(), { animate: false });
        }
      } finally {
        this.syncing = false;
      }
    };
    map.on('move', follow);
    this.maps.add(map);
    return () => {
      map.off('move', follow);
      this.maps.delete(map);
    };
  }
}

/**
 * Mirrors the map's view on its container as data attributes: data-moving ('true' from the start of a pan, drag or
 * zoom until Leaflet's 'moveend') and data-view (zoom and centre in whole pixels), so a test or a screenshot can
 * wait for a settled, fully drawn view instead of sleeping.
 */
export function exposeViewState(map: L.Map, element: HTMLElement): () => void {
  const settled = () => {
    const centre = map.project(map.getCenter()).round();
    element.dataset.view = `${map.getZoom()}/${centre.x}/${centre.y}`;
    element.dataset.moving = 'false';
  };
  const moving = () => {
    element.dataset.moving = 'true';
  };
  map.on('movestart', moving);
  map.on('moveend', settled);
  settled();
  return () => {
    map.off('movestart', moving);
    map.off('moveend', settled);
  };
}
