import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@/lib/constants';
import type { UserRole } from '../db/schema';
import { jwtSecret } from './secret';

const ISSUER = 'sopka';

export interface AccessClaims {
  userId: number;
  role: UserRole;
}

/** The bearer token: a short-lived HS256 JWT naming the user and role. */
export async function signAccessToken({ userId, role }: AccessClaims, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ role })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(jwtSecret());
}

/** The claims of a valid, unexpired token; null for anything else. */
export async function verifyAccessToken(token: string, now = new Date()): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, jwtSecret(), { issuer: ISSUER, algorithms: ['HS256'], currentDate: now });
    const userId = Number(payload.sub);
    const role = payload.role;
    if (!Number.isSafeInteger(userId) || (role !== 'user' && role !== 'moderator' && role !== 'admin')) return null;
    return { userId, role };
  } catch {
    return null;
  }
}

/** A new opaque refresh token and the hash that is stored instead of it. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');
