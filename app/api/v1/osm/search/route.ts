import { osmSearchQuery } from '@/lib/contract/osm';
import { apiRoute, queryObject } from '@/lib/server/routes/api-route';
import { searchOsm } from '@/lib/server/places/osm';

export const GET = apiRoute(async ({ request, language }) => {
  const { title } = osmSearchQuery.parse(queryObject(request));
  return searchOsm(title, language);
});
