import { ideasQuery } from '@/lib/api/schemas/ideas';
import { apiRoute, queryObject } from '@/lib/server/http/handler';
import { viewerOf } from '@/lib/server/services/auth-viewer';
import { listAuthorIdeas } from '@/lib/server/services/ideas';
import { findUserId } from '@/lib/server/services/users';

export const GET = apiRoute<{ id: string }>(async ({ request, params, language }) => {
  const authorId = await findUserId(params.id);
  return listAuthorIdeas(authorId, ideasQuery.parse(queryObject(request)), language, await viewerOf(request));
});
