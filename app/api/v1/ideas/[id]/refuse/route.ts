import { refuseBody } from '@/lib/contract/own-ideas';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/http/handler';
import { requireViewer } from '@/lib/server/accounts/auth-viewer';
import { refuseIdea } from '@/lib/server/ideas/moderation';

export const POST = apiRoute<{ id: string }>(async ({ request, params, language }) => {
  const viewer = await requireViewer(request);
  const { reason } = await readJson(request, refuseBody);
  return refuseIdea(params.id, reason, language, viewer);
});
