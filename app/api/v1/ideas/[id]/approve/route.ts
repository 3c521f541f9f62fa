import { apiRoute } from '@/lib/server/http/handler';
import { requireViewer } from '@/lib/server/accounts/auth-viewer';
import { approveIdea } from '@/lib/server/ideas/moderation';

export const POST = apiRoute<{ id: string }>(async ({ request, params, language }) =>
  approveIdea(params.id, language, await requireViewer(request)),
);
