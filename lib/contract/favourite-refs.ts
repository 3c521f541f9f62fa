// Without zod: the hearts on every card read these, and zod would add ~30 kB (gzipped) to every page's scripts.
// The API's schema (lib/contract/favourites.ts) uses the same constant.

/** How many ideas one account may keep saved (and the browser, before signing in). */
export const MAX_FAVOURITES = 500;

/** One saved idea in the `ids_only` answer of GET /users/{id}/favourites. */
export interface FavouriteRef {
  id: number;
  hid: string;
}
