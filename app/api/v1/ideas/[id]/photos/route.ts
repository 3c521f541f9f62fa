import { NextResponse } from 'next/server';
import { withImageUpload } from '@/lib/server/ideas/images';
import { apiRoute } from '@/lib/server/http/handler';
import { requireViewer } from '@/lib/server/accounts/auth-viewer';
import { addIdeaPhoto } from '@/lib/server/ideas/uploads';

export const POST = apiRoute<{ id: string }>(async ({ request, params }) => {
  const viewer = await requireViewer(request);
  return withImageUpload(request, async (file) =>
    NextResponse.json(await addIdeaPhoto(params.id, file, viewer), { status: 201 }),
  );
});
