/** The map's tiles (MAP_TILE_URL): OpenStreetMap's own by default, which asks for this attribution. */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const TILE_ATTRIBUTION = '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

/** A tile URL template: absolute (http/https) or a path on this site, with the {z}, {x} and {y} placeholders. */
export function isTileUrl(value: string): boolean {
  const placed = ['{z}', '{x}', '{y}'].every((part) => value.includes(part));
  if (!placed) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** The origin tiles load from, for the Content-Security-Policy; null when they come from this site. */
export function tileOrigin(value: string): string | null {
  return value.startsWith('/') ? null : new URL(value).origin;
}

/**
 * A link that opens a point in a maps app: OpenStreetMap's page with a marker. Phones offer to open it in an
 * installed maps app, and every desktop browser shows it, where a `geo:` URI does nothing on most desktops.
 */
export function openInMapsHref(lat: number, lon: number, zoom = 16): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${zoom}/${lat}/${lon}`;
}
