import { NextResponse } from 'next/server';
import { apiRoute } from '@/lib/server/http/handler';
import { requireViewer } from '@/lib/server/accounts/auth-viewer';
import { createIdea } from '@/lib/server/ideas/authoring';
import { findUserId } from '@/lib/server/accounts/users';

// A GET that creates (SPEC section 7 names it so); never cached. The office's editor uses POST /users/{id}/ideas.
export const GET = apiRoute<{ id: string }>(async ({ request, params, language }) => {
  const viewer = await requireViewer(request);
  const body = await createIdea(await findUserId(params.id), {}, language, viewer);
  return NextResponse.json(body, { status: 201, headers: { 'cache-control': 'no-store' } });
});
