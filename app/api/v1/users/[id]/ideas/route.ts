import { NextResponse } from 'next/server';
import { ideasQuery } from '@/lib/contract/ideas';
import { patchIdeaBody } from '@/lib/contract/own-ideas';
import { readJson } from '@/lib/server/http/body';
import { apiRoute, queryObject } from '@/lib/server/routes/api-route';
import { createIdea } from '@/lib/server/ideas/create-idea';
import { listAuthorIdeas } from '@/lib/server/ideas/query';
import { findUserId } from '@/lib/server/accounts/users';

export const GET = apiRoute<{ id: string }>(
  async ({ request, params, language, viewer }) => {
    const authorId = await findUserId(params.id);
    return listAuthorIdeas(authorId, ideasQuery.parse(queryObject(request)), language, viewer);
  },
  { viewer: 'optional' },
);

export const POST = apiRoute<{ id: string }>(
  async ({ request, params, language, viewer }) => {
    const authorId = await findUserId(params.id);
    const body = await createIdea(authorId, await readJson(request, patchIdeaBody), language, viewer);
    return NextResponse.json(body, { status: 201 });
  },
  { viewer: 'required' },
);
