import { ideasQuery } from '@/lib/contract/ideas';
import { apiRoute, queryObject } from '@/lib/server/routes/api-route';
import { listMarkers } from '@/lib/server/ideas/markers';

export const GET = apiRoute(
  async ({ request, language, viewer }) => listMarkers(ideasQuery.parse(queryObject(request)), language, viewer),
  { viewer: 'optional' },
);
