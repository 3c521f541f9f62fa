import { ideasQuery } from '@/lib/contract/ideas';
import { apiRoute, queryObject } from '@/lib/server/http/handler';
import { viewerOf } from '@/lib/server/accounts/auth-viewer';
import { listMarkers } from '@/lib/server/ideas/markers';

export const GET = apiRoute(async ({ request, language }) =>
  listMarkers(ideasQuery.parse(queryObject(request)), language, await viewerOf(request)),
);
