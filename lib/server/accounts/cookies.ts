import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { SESSION_COOKIE, SESSION_HINT_COOKIE } from '@/lib/auth/session';
import { REFRESH_TOKEN_TTL_SECONDS } from '@/lib/constants';
import { clientAddress } from '@/lib/http/client-address';
import { env } from '../platform/env';
import { stampedPeer } from '../ops/peer-address';

/** The refresh token travels only in this httpOnly cookie, never in a body. */
export function setSessionCookie(response: NextResponse, token: string): void {
  response.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: env().APP_ENV === 'production',
    path: '/',
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
  response.cookies.set(SESSION_HINT_COOKIE, '1', {
    sameSite: 'lax',
    secure: env().APP_ENV === 'production',
    path: '/',
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

export function clearSessionCookie(response: NextResponse): void {
  response.cookies.set(SESSION_COOKIE, '', {
    httpOnly: true,
    sameSite: 'lax',
    secure: env().APP_ENV === 'production',
    path: '/',
    maxAge: 0,
  });
  response.cookies.set(SESSION_HINT_COOKIE, '', {
    sameSite: 'lax',
    secure: env().APP_ENV === 'production',
    path: '/',
    maxAge: 0,
  });
}

export const readSessionCookie = (request: NextRequest) => request.cookies.get(SESSION_COOKIE)?.value || undefined;

/** The caller's address for per-client limits: the socket's peer, or what the trusted proxies saw (TRUST_PROXY_HOPS). */
export function clientIp(request: NextRequest): string {
  return clientAddress(
    { peer: stampedPeer(request.headers), forwardedFor: request.headers.get('x-forwarded-for') },
    env().TRUST_PROXY_HOPS,
  );
}
