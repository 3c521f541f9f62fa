import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { SESSION_COOKIE, SESSION_HINT_COOKIE } from '@/lib/auth/session';
import { REFRESH_TOKEN_TTL_SECONDS } from '@/lib/constants';
import { clientAddress } from '@/lib/http/client-address';
import { env } from '../platform/env';
import { stampedPeer } from '../ops/peer-address';

/** The options of the site's own cookies: SameSite=Lax, Secure in production, for `path`, `maxAge` seconds (0 ends). */
export const cookieOptions = (path: string, maxAge: number) => ({
  sameSite: 'lax' as const,
  secure: env().APP_ENV === 'production',
  path,
  maxAge,
});

/** The session's httpOnly cookie (the refresh token) and its hint for the login gate, readable by scripts. */
function setSessionCookies(response: NextResponse, token: string, hint: string, maxAge: number): void {
  response.cookies.set(SESSION_COOKIE, token, { httpOnly: true, ...cookieOptions('/', maxAge) });
  response.cookies.set(SESSION_HINT_COOKIE, hint, cookieOptions('/', maxAge));
}

/** The refresh token travels only in this httpOnly cookie, never in a body. */
export function setSessionCookie(response: NextResponse, token: string): void {
  setSessionCookies(response, token, '1', REFRESH_TOKEN_TTL_SECONDS);
}

export function clearSessionCookie(response: NextResponse): void {
  setSessionCookies(response, '', '', 0);
}

export const readSessionCookie = (request: NextRequest) => request.cookies.get(SESSION_COOKIE)?.value || undefined;

/** The caller's address for per-client limits: the socket's peer, or what the trusted proxies saw (TRUST_PROXY_HOPS). */
export function clientIp(request: NextRequest): string {
  return clientAddress(
    { peer: stampedPeer(request.headers), forwardedFor: request.headers.get('x-forwarded-for') },
    env().TRUST_PROXY_HOPS,
  );
}
