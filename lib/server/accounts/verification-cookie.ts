import 'server-only';
import type { NextRequest, NextResponse } from 'next/server';
import { cookieOptions } from './cookies';
import { CODE_TTL_SECONDS } from './phone-auth';

/** Which phone verification this browser started, so GET /auth/phoneVerification can answer. */
const COOKIE = 'sopka_phone_verification';

export function setVerificationCookie(response: NextResponse, id: string): void {
  response.cookies.set(COOKIE, id, { httpOnly: true, ...cookieOptions('/api/v1/auth', CODE_TTL_SECONDS) });
}

export function clearVerificationCookie(response: NextResponse): void {
  response.cookies.set(COOKIE, '', { httpOnly: true, sameSite: 'lax', path: '/api/v1/auth', maxAge: 0 });
}

export const readVerificationCookie = (request: NextRequest) => request.cookies.get(COOKIE)?.value || undefined;
