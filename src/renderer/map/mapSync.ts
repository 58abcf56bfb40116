/** Keeps several Leaflet maps on the same view (the compare view's two plans side by side). */
import type L from 'leaflet';

export class MapSync {
  private readonly maps = new Set<L.Map>();
  private syncing = false;

  add(map: L.Map): () => void {
    const follow = () => {
      if (this.syncing) return;
      this.syncing = true;
      for (const other of this.maps) {
        if (other !== map) other.setView(map.getCenter(), map.getZoom(), { animate: false });
      }
      this.syncing = false;
    };
    map.on('move zoomend', follow);
    this.maps.add(map);
    return () => {
      map.off('move zoomend', follow);
      this.maps.delete(map);
    };
  }
}
