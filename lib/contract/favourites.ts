import { z } from 'zod';
import { DEFAULT_LIST_INCLUDES, LIST_INCLUDES } from './ideas';
import { nameList, pageParams } from './common';
import type { FavouriteRef } from './favourite-refs';

export { MAX_FAVOURITES } from './favourite-refs';

/** GET /users/{id}/favourites: a page of cards, or with `ids_only=1` every saved idea's id and hid (for the hearts). */
export const favouritesQuery = z.object({
  ...pageParams,
  include: nameList(LIST_INCLUDES).default(DEFAULT_LIST_INCLUDES),
  ids_only: z
    .enum(['0', '1', 'true', 'false'], { error: 'Use 1 or 0.' })
    .transform((v) => v === '1' || v === 'true')
    .default(false),
});
export type FavouritesQuery = z.infer<typeof favouritesQuery>;

/** One saved idea in the `ids_only` answer. */
export const favouriteRef = z.object({ id: z.number().int(), hid: z.string() });

/** The `ids_only` answer: every saved idea that is published, newest saved first (at most MAX_FAVOURITES). */
export const favouriteIdsAnswer = z.object({ data: z.array(favouriteRef) });
export type FavouriteIdsAnswer = { data: FavouriteRef[] };
