import { NextResponse } from 'next/server';
import { apiRoute } from '@/lib/server/routes/api-route';
import { addFavourite, removeFavourite } from '@/lib/server/favourites/saved-ideas';

export const PUT = apiRoute<{ id: string; idea: string }>(
  async ({ params, viewer }) => {
    await addFavourite(params.id, params.idea, viewer);
    return new NextResponse(null, { status: 204 });
  },
  { viewer: 'required' },
);

export const DELETE = apiRoute<{ id: string; idea: string }>(
  async ({ params, viewer }) => {
    await removeFavourite(params.id, params.idea, viewer);
    return new NextResponse(null, { status: 204 });
  },
  { viewer: 'required' },
);
