import { NextResponse } from 'next/server';
import { withImageUpload } from '@/lib/server/ideas/images';
import { apiRoute } from '@/lib/server/routes/api-route';
import { addIdeaPhoto } from '@/lib/server/ideas/uploads';

export const POST = apiRoute<{ id: string }>(
  async ({ request, params, viewer }) =>
    withImageUpload(request, async (file) =>
      NextResponse.json(await addIdeaPhoto(params.id, file, viewer), { status: 201 }),
    ),
  { viewer: 'required' },
);
