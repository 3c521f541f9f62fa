import { ideasQuery } from '@/lib/contract/ideas';
import { apiRoute, queryObject } from '@/lib/server/routes/api-route';
import { listIdeas } from '@/lib/server/ideas/query';

export const GET = apiRoute(
  async ({ request, language, viewer }) => listIdeas(ideasQuery.parse(queryObject(request)), language, viewer),
  { viewer: 'optional' },
);
