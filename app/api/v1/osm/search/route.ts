import { osmSearchQuery } from '@/lib/api/schemas/osm';
import { apiRoute, queryObject } from '@/lib/server/http/handler';
import { searchOsm } from '@/lib/server/services/osm';

export const GET = apiRoute(async ({ request, language }) => {
  const { title } = osmSearchQuery.parse(queryObject(request));
  return searchOsm(title, language);
});
