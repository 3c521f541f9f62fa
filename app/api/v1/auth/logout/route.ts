import { NextResponse } from 'next/server';
import { clearSessionCookie, readSessionCookie } from '@/lib/server/accounts/cookies';
import { apiRoute } from '@/lib/server/http/handler';
import { logout } from '@/lib/server/accounts/auth';

export const POST = apiRoute(async ({ request }) => {
  await logout(readSessionCookie(request));
  const response = new NextResponse(null, { status: 204 });
  clearSessionCookie(response);
  return response;
});
