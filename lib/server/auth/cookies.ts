import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { SESSION_COOKIE, SESSION_HINT_COOKIE } from '@/lib/auth/session';
import { REFRESH_TOKEN_TTL_SECONDS } from '@/lib/constants';
import { env } from '../env';

/** The refresh token travels only in this httpOnly cookie, never in a body. */
export function setSessionCookie(response: NextResponse, token: string): void {
  response.cookies.set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: env().APP_ENV === 'production',
    path: '/',
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
  response.cookies.set(SESSION_HINT_COOKIE, '1', { sameSite: 'lax', secure: env().APP_ENV === 'production', path: '/', maxAge: REFRESH_TOKEN_TTL_SECONDS });
}

export function clearSessionCookie(response: NextResponse): void {
  response.cookies.set(SESSION_COOKIE, '', { httpOnly: true, sameSite: 'lax', secure: env().APP_ENV === 'production', path: '/', maxAge: 0 });
  response.cookies.set(SESSION_HINT_COOKIE, '', { sameSite: 'lax', secure: env().APP_ENV === 'production', path: '/', maxAge: 0 });
}

export const readSessionCookie = (request: NextRequest) => request.cookies.get(SESSION_COOKIE)?.value || undefined;

/** The caller's address as the proxy in front reports it (first hop), for rate limits. */
export function clientIp(request: NextRequest): string {
  return request.headers.get('x-forwarded-for')?.split(',')[0]?.trim() || request.headers.get('x-real-ip') || 'local';
}
