/**
 * What lies under the stops: a light coordinate grid for planar (Solomon x/y) instances, and map tiles for
 * geographic ones. Tiles come from a configurable URL and are expected to fail offline (the normal case here):
 * the layer then reports it so the map can show a plain background and a note instead of broken images.
 */
import L from 'leaflet';

const TILE_URL_KEY = 'jampr.tileUrl';
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

export function getTileUrl(): string {
  try {
    return localStorage.getItem(TILE_URL_KEY) || DEFAULT_TILE_URL;
  } catch {
    return DEFAULT_TILE_URL;
  }
}

export function setTileUrl(url: string): void {
  localStorage.setItem(TILE_URL_KEY, url.trim());
}

/** The grid step (in coordinate units) that puts lines roughly `targetPx` apart at this zoom: 1, 2, 5, 10, ... */
export function gridStep(unitsPerPixel: number, targetPx = 48): number {
  const raw = unitsPerPixel * targetPx;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  for (const factor of [1, 2, 5, 10]) if (factor * magnitude >= raw) return factor * magnitude;
  return 10 * magnitude;
}

/** A canvas grid for L.CRS.Simple: one unit = 2^zoom pixels; every fifth line a little darker. */
class PlanarGrid extends L.GridLayer {
  override createTile(coords: L.Coords): HTMLElement {
    const tile = document.createElement('canvas');
    const size = this.getTileSize();
    tile.width = size.x;
    tile.height = size.y;
    const ctx = tile.getContext('2d');
    if (!ctx) return tile;
    const scale = 2 ** coords.z; // pixels per unit
    const step = gridStep(1 / scale);
    const x0 = (coords.x * size.x) / scale; // first unit x in this tile
    const y0 = (coords.y * size.y) / scale;
    const drawLines = (start: number, span: number, vertical: boolean) => {
      for (let v = Math.ceil(start / step) * step; v <= start + span; v += step) {
        const px = Math.round((v - start) * scale) + 0.5;
        const major = Math.abs(Math.round(v / step) % 5) === 0;
        ctx.strokeStyle = major ? 'rgba(71, 85, 105, 0.22)' : 'rgba(71, 85, 105, 0.09)';
        ctx.beginPath();
        if (vertical) {
          ctx.moveTo(px, 0);
          ctx.lineTo(px, size.y);
        } else {
          ctx.moveTo(0, px);
          ctx.lineTo(size.x, px);
        }
        ctx.stroke();
      }
    };
    drawLines(x0, size.x / scale, true);
    drawLines(y0, size.y / scale, false);
    return tile;
  }
}

export function planarGridLayer(): L.GridLayer {
  return new PlanarGrid({ tileSize: 256, pane: 'tilePane' });
}

/**
 * A tile layer that calls `onStatus('offline')` once tiles fail and none has loaded, and 'online' when one loads.
 * Failing tiles are hidden so no broken-image icons show.
 */
export function tileLayerWithFallback(url: string, onStatus: (status: 'online' | 'offline') => void): L.TileLayer {
  const layer = L.tileLayer(url, { maxZoom: 19, attribution: '&copy; map tile providers', crossOrigin: true });
  let loaded = 0;
  layer.on('tileload', () => {
    loaded++;
    onStatus('online');
  });
  layer.on('tileerror', (event: L.TileErrorEvent) => {
    event.tile.style.visibility = 'hidden';
    if (loaded === 0) onStatus('offline');
  });
  if (typeof navigator !== 'undefined' && navigator.onLine === false) queueMicrotask(() => onStatus('offline'));
  return layer;
}
