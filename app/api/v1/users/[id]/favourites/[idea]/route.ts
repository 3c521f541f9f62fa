import { NextResponse } from 'next/server';
import { apiRoute } from '@/lib/server/http/handler';
import { requireViewer } from '@/lib/server/accounts/auth-viewer';
import { addFavourite, removeFavourite } from '@/lib/server/favourites/favourites';

export const PUT = apiRoute<{ id: string; idea: string }>(async ({ request, params }) => {
  await addFavourite(params.id, params.idea, await requireViewer(request));
  return new NextResponse(null, { status: 204 });
});

export const DELETE = apiRoute<{ id: string; idea: string }>(async ({ request, params }) => {
  await removeFavourite(params.id, params.idea, await requireViewer(request));
  return new NextResponse(null, { status: 204 });
});
