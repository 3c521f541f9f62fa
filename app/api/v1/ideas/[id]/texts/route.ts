import { apiRoute } from '@/lib/server/http/handler';
import { requireViewer } from '@/lib/server/accounts/auth-viewer';
import { ideaTexts } from '@/lib/server/ideas/authoring';

export const GET = apiRoute<{ id: string }>(async ({ params, request }) =>
  ideaTexts(params.id, await requireViewer(request)),
);
