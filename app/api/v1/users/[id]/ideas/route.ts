import { ideasQuery } from '@/lib/contract/ideas';
import { apiRoute, queryObject } from '@/lib/server/http/handler';
import { viewerOf } from '@/lib/server/accounts/auth-viewer';
import { listAuthorIdeas } from '@/lib/server/ideas/query';
import { findUserId } from '@/lib/server/accounts/users';

export const GET = apiRoute<{ id: string }>(async ({ request, params, language }) => {
  const authorId = await findUserId(params.id);
  return listAuthorIdeas(authorId, ideasQuery.parse(queryObject(request)), language, await viewerOf(request));
});
