/** A map's visible area as the `bbox` filter holds it: `minLon,minLat,maxLon,maxLat` (the GeoJSON order). */
export interface Bbox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

/** Why a `bbox` value is refused, or null when it is a valid area. Shared by the API's schema and the URL parser. */
export function bboxProblem(value: string): string | null {
  const parts = value.split(',');
  if (parts.length !== 4 || parts.some((part) => part.trim() === '' || !Number.isFinite(Number(part))))
    return 'Use four numbers: minLon,minLat,maxLon,maxLat.';
  const [minLon, minLat, maxLon, maxLat] = parts.map(Number);
  if ([minLon, maxLon].some((lon) => lon < -180 || lon > 180)) return 'Longitudes are between -180 and 180.';
  if ([minLat, maxLat].some((lat) => lat < -90 || lat > 90)) return 'Latitudes are between -90 and 90.';
  if (minLon >= maxLon || minLat >= maxLat) return 'The minimum must be below the maximum.';
  return null;
}

/** The area of a valid `bbox` value (check it with bboxProblem first). */
export function parseBbox(value: string): Bbox {
  const [minLon, minLat, maxLon, maxLat] = value.split(',').map(Number);
  return { minLon, minLat, maxLon, maxLat };
}

/** Five decimals (about a metre) are plenty for a visible area, and keep the URL short. */
const round = (value: number) => Number(value.toFixed(5));

/** The `bbox` value of an area, clamped to the valid ranges (a zoomed-out map can show more than the world). */
export function formatBbox({ minLon, minLat, maxLon, maxLat }: Bbox): string {
  const lon = (value: number) => round(Math.min(180, Math.max(-180, value)));
  const lat = (value: number) => round(Math.min(90, Math.max(-90, value)));
  return [lon(minLon), lat(minLat), lon(maxLon), lat(maxLat)].join(',');
}
