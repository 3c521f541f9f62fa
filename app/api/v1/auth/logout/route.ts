import { NextResponse } from 'next/server';
import { clearSessionCookie, readSessionCookie } from '@/lib/server/accounts/cookies';
import { apiRoute } from '@/lib/server/routes/api-route';
import { logout } from '@/lib/server/accounts/end-sessions';
import { bearerClaims } from '@/lib/server/accounts/auth-viewer';

/** Ends the cookie's session and the one the bearer token names, whichever the client sent. */
export const POST = apiRoute(async ({ request }) => {
  await logout(readSessionCookie(request), await bearerClaims(request));
  const response = new NextResponse(null, { status: 204 });
  clearSessionCookie(response);
  return response;
});
