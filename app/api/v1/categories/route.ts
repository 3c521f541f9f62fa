import { categoriesQuery } from '@/lib/api/schemas/catalog';
import { apiRoute, queryObject } from '@/lib/server/http/handler';
import { listCategories } from '@/lib/server/services/catalog';

export const GET = apiRoute(async ({ request, language }) => {
  const { query } = categoriesQuery.parse(queryObject(request));
  return listCategories(language, query);
});
