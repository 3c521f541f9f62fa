import { ideaQuery } from '@/lib/api/schemas/ideas';
import { apiRoute, queryObject } from '@/lib/server/http/handler';
import { viewerOf } from '@/lib/server/services/auth-viewer';
import { getIdea } from '@/lib/server/services/ideas';

export const GET = apiRoute<{ id: string }>(async ({ request, params, language }) => {
  const { include } = ideaQuery.parse(queryObject(request));
  return getIdea(params.id, include, language, await viewerOf(request));
});
