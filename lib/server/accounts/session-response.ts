import 'server-only';
import { NextResponse, type NextRequest } from 'next/server';
import { clientIp, setSessionCookie } from './cookies';
import type { ClientInfo, IssuedSession } from './issue-session';

export const clientInfo = (request: NextRequest): ClientInfo => ({
  ip: clientIp(request),
  userAgent: request.headers.get('user-agent'),
});

/** The token body plus the refresh cookie; never cached. */
export function sessionResponse({ body, refreshToken }: IssuedSession, status = 200): NextResponse {
  const response = NextResponse.json(body, { status, headers: { 'cache-control': 'no-store' } });
  setSessionCookie(response, refreshToken);
  return response;
}
