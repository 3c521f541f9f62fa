import { withImageUpload } from '@/lib/server/ideas/images';
import { apiRoute } from '@/lib/server/http/handler';
import { requireViewer } from '@/lib/server/accounts/auth-viewer';
import { setAvatar } from '@/lib/server/ideas/uploads';

export const POST = apiRoute<{ id: string }>(async ({ request, params }) => {
  const viewer = await requireViewer(request);
  return withImageUpload(request, (file) => setAvatar(params.id, file, viewer));
});
