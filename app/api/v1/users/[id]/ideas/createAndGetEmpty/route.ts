import { NextResponse } from 'next/server';
import { apiRoute } from '@/lib/server/routes/api-route';
import { createIdea } from '@/lib/server/ideas/create-idea';
import { findUserId } from '@/lib/server/accounts/users';

// A GET that creates (SPEC section 7 names it so); never cached. The office's editor uses POST /users/{id}/ideas.
export const GET = apiRoute<{ id: string }>(
  async ({ params, language, viewer }) => {
    const body = await createIdea(await findUserId(params.id), {}, language, viewer);
    return NextResponse.json(body, { status: 201, headers: { 'cache-control': 'no-store' } });
  },
  { viewer: 'required' },
);
