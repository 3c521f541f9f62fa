/**
 * Clustering of map pins, in place of a library (supercluster and its index would add to the map's chunk): the
 * map shows at most 500 pins (MARKERS_LIMIT), so one pass per zoom is instant.
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

/**
 * Groups points within `radiusPixels` of a cluster's first point at `zoom`, greedily in the order given (the
 * listing's): unlike fixed grid cells, two pins a pixel apart never stay separate across a cell's edge. Cells
 * of the radius's size index the clusters, so each point compares with those of its own and adjacent cells only.
 */
export function clusterPoints<T extends GeoPoint>(points: readonly T[], zoom: number, radiusPixels = 48): Cluster<T>[] {
  const clusters: { x: number; y: number; items: T[] }[] = [];
  const cells = new Map<string, number[]>();
  const cellOf = (x: number, y: number) => [Math.floor(x / radiusPixels), Math.floor(y / radiusPixels)];
  for (const point of points) {
    const { x, y } = project(point, zoom);
    const [column, row] = cellOf(x, y);
    let home: (typeof clusters)[number] | undefined;
    for (let dx = -1; dx <= 1 && !home; dx++) {
      for (let dy = -1; dy <= 1 && !home; dy++) {
        home = cells
          .get(`${column + dx}:${row + dy}`)
          ?.map((index) => clusters[index])
          .find((cluster) => Math.hypot(cluster.x - x, cluster.y - y) <= radiusPixels);
      }
    }
    if (home) {
      home.items.push(point);
      continue;
    }
    const key = `${column}:${row}`;
    cells.set(key, [...(cells.get(key) ?? []), clusters.length]);
    clusters.push({ x, y, items: [point] });
  }
  return clusters.map(({ items }) => ({
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
