import { NextResponse } from 'next/server';
import { ideaQuery } from '@/lib/contract/ideas';
import { patchIdeaBody } from '@/lib/contract/own-ideas';
import { readJson } from '@/lib/server/http/body';
import { apiRoute, queryObject } from '@/lib/server/http/handler';
import { requireViewer, viewerOf } from '@/lib/server/accounts/auth-viewer';
import { deleteIdea, patchIdea } from '@/lib/server/ideas/authoring';
import { getIdea } from '@/lib/server/ideas/query';

export const GET = apiRoute<{ id: string }>(async ({ request, params, language }) => {
  const { include } = ideaQuery.parse(queryObject(request));
  return getIdea(params.id, include, language, await viewerOf(request));
});

export const PATCH = apiRoute<{ id: string }>(async ({ request, params, language }) => {
  const viewer = await requireViewer(request);
  return patchIdea(params.id, await readJson(request, patchIdeaBody), language, viewer);
});

export const DELETE = apiRoute<{ id: string }>(async ({ request, params }) => {
  await deleteIdea(params.id, await requireViewer(request));
  return new NextResponse(null, { status: 204 });
});
