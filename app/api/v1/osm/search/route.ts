import { osmSearchQuery } from '@/lib/contract/osm';
import { apiRoute, queryObject } from '@/lib/server/http/handler';
import { searchOsm } from '@/lib/server/places/osm';

export const GET = apiRoute(async ({ request, language }) => {
  const { title } = osmSearchQuery.parse(queryObject(request));
  return searchOsm(title, language);
});
