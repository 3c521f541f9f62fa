import { favouritesQuery } from '@/lib/contract/favourites';
import { apiRoute, queryObject } from '@/lib/server/http/handler';
import { requireViewer } from '@/lib/server/accounts/auth-viewer';
import { listFavourites } from '@/lib/server/favourites/favourites';

export const GET = apiRoute<{ id: string }>(async ({ request, params, language }) => {
  const viewer = await requireViewer(request);
  return listFavourites(params.id, favouritesQuery.parse(queryObject(request)), language, viewer);
});
