import { favouritesQuery } from '@/lib/contract/favourites';
import { apiRoute, queryObject } from '@/lib/server/routes/api-route';
import { listFavourites } from '@/lib/server/favourites/saved-ideas';

export const GET = apiRoute<{ id: string }>(
  async ({ request, params, language, viewer }) =>
    listFavourites(params.id, favouritesQuery.parse(queryObject(request)), language, viewer),
  { viewer: 'required' },
);
