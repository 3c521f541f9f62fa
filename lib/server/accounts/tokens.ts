import 'server-only';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@/lib/constants';
import type { UserRole } from '../db/schema';
import { jwtSecret } from './secret';

const ISSUER = 'sopka';

export interface AccessClaims {
  userId: number;
  role: UserRole;
  /** The session family the token was issued to (`sid`): the token ends when the family does. */
  sessionId: string;
}

/** The bearer token: a short-lived HS256 JWT naming the user, role and session family. */
export async function signAccessToken({ userId, role, sessionId }: AccessClaims, now = new Date()): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ role, sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
    .sign(jwtSecret());
}

/**
 * The claims of a validly signed, unexpired token; null for anything else, a token without an expiry or a
 * session included. Whether its session is still open is the caller's question (services/auth-viewer.ts).
 */
export async function verifyAccessToken(token: string, now = new Date()): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, jwtSecret(), {
      issuer: ISSUER,
      algorithms: ['HS256'],
      currentDate: now,
      requiredClaims: ['exp', 'sub', 'sid'],
    });
    const userId = Number(payload.sub);
    const { role, sid } = payload;
    if (
      !Number.isSafeInteger(userId) ||
      (role !== 'user' && role !== 'moderator' && role !== 'admin') ||
      typeof sid !== 'string' ||
      sid === ''
    )
      return null;
    return { userId, role, sessionId: sid };
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

/**
 * The refresh token that replaces `token` at rotation. Derived, not random, so that a second request presenting
 * `token` within the grace window gets the very same successor without any usable token being stored: only the
 * server's secret turns a token into its successor.
 */
export const successorRefreshToken = (token: string) =>
  createHmac('sha256', jwtSecret()).update(`refresh-successor:${token}`).digest('base64url');
