import { refuseBody } from '@/lib/api/schemas/own-ideas';
import { readJson } from '@/lib/server/http/body';
import { apiRoute } from '@/lib/server/http/handler';
import { requireViewer } from '@/lib/server/services/auth-viewer';
import { refuseIdea } from '@/lib/server/services/own-ideas';

export const POST = apiRoute<{ id: string }>(async ({ request, params, language }) => {
  const viewer = await requireViewer(request);
  const { reason } = await readJson(request, refuseBody);
  return refuseIdea(params.id, reason, language, viewer);
});
