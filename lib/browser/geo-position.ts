import type { Position } from '@/lib/listing/params';

/** localStorage key of the visitor's last known position (SPEC section 3: local storage holds the GPS position). */
export const GPS_POSITION_KEY = 'gpsPosition';

type PositionStorage = Pick<Storage, 'getItem' | 'setItem'>;

const isCoordinate = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/** The stored position, or null when there is none or it is unreadable. */
export function readPosition(storage: PositionStorage): Position | null {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(GPS_POSITION_KEY) ?? 'null');
    const { lat, lon } = (parsed ?? {}) as Record<string, unknown>;
    return isCoordinate(lat, 90) && isCoordinate(lon, 180) ? { lat, lon } : null;
  } catch {
    return null;
  }
}

/** Stores a position rounded to about 100 m: enough for "nearby", not a precise fix. */
export function storePosition(storage: PositionStorage, position: Position): Position {
  const rounded = { lat: Math.round(position.lat * 1000) / 1000, lon: Math.round(position.lon * 1000) / 1000 };
  try {
    storage.setItem(GPS_POSITION_KEY, JSON.stringify(rounded));
  } catch {
    // Storage blocked: the position is used for this visit only.
  }
  return rounded;
}
