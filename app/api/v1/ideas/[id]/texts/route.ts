import { apiRoute } from '@/lib/server/http/handler';
import { requireViewer } from '@/lib/server/services/auth-viewer';
import { ideaTexts } from '@/lib/server/services/own-ideas';

export const GET = apiRoute<{ id: string }>(async ({ params, request }) =>
  ideaTexts(params.id, await requireViewer(request)),
);
