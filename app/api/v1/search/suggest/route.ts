import { suggestQuery } from '@/lib/contract/search';
import { apiRoute, queryObject } from '@/lib/server/routes/api-route';
import { suggest } from '@/lib/server/search/suggest';

export const GET = apiRoute(async ({ request, language }) => {
  const { query } = suggestQuery.parse(queryObject(request));
  return suggest(query, language);
});
