import { NextResponse } from 'next/server';
import { ideaQuery } from '@/lib/contract/ideas';
import { patchIdeaBody } from '@/lib/contract/own-ideas';
import { readJson } from '@/lib/server/http/body';
import { apiRoute, queryObject } from '@/lib/server/routes/api-route';
import { deleteIdea } from '@/lib/server/bookings/remove-idea';
import { patchIdea } from '@/lib/server/ideas/patch-idea';
import { getIdea } from '@/lib/server/ideas/query';

export const GET = apiRoute<{ id: string }>(
  async ({ request, params, language, viewer }) => {
    const { include } = ideaQuery.parse(queryObject(request));
    return getIdea(params.id, include, language, viewer);
  },
  { viewer: 'optional' },
);

export const PATCH = apiRoute<{ id: string }>(
  async ({ request, params, language, viewer }) =>
    patchIdea(params.id, await readJson(request, patchIdeaBody), language, viewer),
  { viewer: 'required' },
);

export const DELETE = apiRoute<{ id: string }>(
  async ({ params, viewer }) => {
    await deleteIdea(params.id, viewer);
    return new NextResponse(null, { status: 204 });
  },
  { viewer: 'required' },
);
