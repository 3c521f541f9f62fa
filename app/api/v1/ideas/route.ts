import { ideasQuery } from '@/lib/api/schemas/ideas';
import { apiRoute, queryObject } from '@/lib/server/http/handler';
import { viewerOf } from '@/lib/server/services/auth-viewer';
import { listIdeas } from '@/lib/server/services/ideas';

export const GET = apiRoute(async ({ request, language }) =>
  listIdeas(ideasQuery.parse(queryObject(request)), language, await viewerOf(request)),
);
