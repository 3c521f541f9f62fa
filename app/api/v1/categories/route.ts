import { categoriesQuery } from '@/lib/contract/catalog';
import { apiRoute, queryObject } from '@/lib/server/routes/api-route';
import { listCategories } from '@/lib/server/catalog/reference-lists';

export const GET = apiRoute(async ({ request, language }) => {
  const { query } = categoriesQuery.parse(queryObject(request));
  return listCategories(language, query);
});
