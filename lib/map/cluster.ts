/**
 * Grid clustering of map pins, in place of a library: the map shows at most 500 pins (MARKERS_LIMIT), so one
 * pass over a grid of screen cells per zoom is instant, and a few dozen lines cost the map's chunk nothing.
 */

export interface GeoPoint {
  lat: number;
  lon: number;
}

/** Pins that share a grid cell at a zoom: their mean position and the pins themselves. */
export interface Cluster<T extends GeoPoint> {
  lat: number;
  lon: number;
  items: T[];
}

const TILE_SIZE = 256;
/** Web Mercator's latitude limit: beyond it the projection runs to infinity. */
const MAX_LATITUDE = 85.0511287798;

/** A point's pixel position on the Web Mercator world map at `zoom` (the frame Leaflet and the tiles use). */
export function project({ lat, lon }: GeoPoint, zoom: number): { x: number; y: number } {
  const scale = TILE_SIZE * 2 ** zoom;
  const sin = Math.sin((Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, lat)) * Math.PI) / 180);
  return {
    x: ((lon + 180) / 360) * scale,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * scale,
  };
}

/** Groups the points that fall in the same `cellPixels`-wide square at `zoom`, in the order first seen. */
export function clusterPoints<T extends GeoPoint>(points: readonly T[], zoom: number, cellPixels = 64): Cluster<T>[] {
  const cells = new Map<string, T[]>();
  for (const point of points) {
    const { x, y } = project(point, zoom);
    const key = `${Math.floor(x / cellPixels)}:${Math.floor(y / cellPixels)}`;
    const cell = cells.get(key);
    if (cell) cell.push(point);
    else cells.set(key, [point]);
  }
  return [...cells.values()].map((items) => ({
    lat: items.reduce((sum, item) => sum + item.lat, 0) / items.length,
    lon: items.reduce((sum, item) => sum + item.lon, 0) / items.length,
    items,
  }));
}

/** The smallest area holding every point: `[[south, west], [north, east]]`, as Leaflet's fitBounds takes it. */
export function boundsOf(points: readonly GeoPoint[]): [[number, number], [number, number]] {
  const lats = points.map((point) => point.lat);
  const lons = points.map((point) => point.lon);
  return [
    [Math.min(...lats), Math.min(...lons)],
    [Math.max(...lats), Math.max(...lons)],
  ];
}
