import { MAX_FAVOURITES } from '@/lib/contract/favourite-refs';
import { HID_PATTERN } from '@/lib/contract/ids';

/**
 * A visitor's favourites before signing in: idea hids in localStorage, newest first. On sign-in they are
 * saved to the account and removed from here (components/favourites/FavouritesSync.tsx). Read through
 * `useSyncExternalStore`: `subscribe` hears changes from this tab and from others (the `storage` event).
 */
export const LOCAL_FAVOURITES_KEY = 'sopka:favourites';

const EMPTY: readonly string[] = [];
let cached: { raw: string | null; hids: readonly string[] } | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be switched off (privacy settings): the hearts then work for this page view only.
    return null;
  }
}

function parse(raw: string | null): readonly string[] {
  if (!raw) return EMPTY;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value)
      ? value.filter((hid): hid is string => typeof hid === 'string' && HID_PATTERN.test(hid)).slice(0, MAX_FAVOURITES)
      : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** The saved hids, the same array until they change. */
export function localFavourites(): readonly string[] {
  const raw = storage()?.getItem(LOCAL_FAVOURITES_KEY) ?? null;
  if (cached?.raw !== raw) cached = { raw, hids: parse(raw) };
  return cached.hids;
}

export const serverLocalFavourites = () => EMPTY;

function write(hids: readonly string[]): void {
  const store = storage();
  if (hids.length === 0) store?.removeItem(LOCAL_FAVOURITES_KEY);
  else store?.setItem(LOCAL_FAVOURITES_KEY, JSON.stringify(hids));
  listeners.forEach((listener) => listener());
}

/** Saves or removes one idea; false when the list is full and nothing was saved. */
export function setLocalFavourite(hid: string, saved: boolean): boolean {
  const rest = localFavourites().filter((h) => h !== hid);
  if (!saved) {
    write(rest);
    return true;
  }
  if (rest.length >= MAX_FAVOURITES) return false;
  write([hid, ...rest]);
  return true;
}

/** Forgets the given hids (once they are in the account). */
export function forgetLocalFavourites(hids: readonly string[]): void {
  const gone = new Set(hids);
  write(localFavourites().filter((hid) => !gone.has(hid)));
}

export function subscribeLocalFavourites(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === LOCAL_FAVOURITES_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
