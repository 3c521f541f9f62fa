import { ideasQuery } from '@/lib/contract/ideas';
import { apiRoute, queryObject } from '@/lib/server/http/handler';
import { viewerOf } from '@/lib/server/accounts/auth-viewer';
import { listIdeas } from '@/lib/server/ideas/query';

export const GET = apiRoute(async ({ request, language }) =>
  listIdeas(ideasQuery.parse(queryObject(request)), language, await viewerOf(request)),
);
