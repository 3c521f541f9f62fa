import { withImageUpload } from '@/lib/server/ideas/images';
import { apiRoute } from '@/lib/server/routes/api-route';
import { setAvatar } from '@/lib/server/ideas/uploads';

export const POST = apiRoute<{ id: string }>(
  async ({ request, params, viewer }) => withImageUpload(request, (file) => setAvatar(params.id, file, viewer)),
  { viewer: 'required' },
);
