import { monthQuery } from '@/lib/contract/earnings';
import { guideEarnings } from '@/lib/server/earnings/guide-earnings';
import { apiRoute, queryObject } from '@/lib/server/routes/api-route';

export const GET = apiRoute(
  async ({ request, language, viewer }) => guideEarnings(monthQuery.parse(queryObject(request)), viewer, language),
  { viewer: 'required' },
);
