import 'server-only';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TokenResponse } from '@/lib/contract/auth';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@/lib/constants';
import { getDb } from '../db';
import { sessions, users, type UserRole } from '../db/schema';
import { forbidden } from '../http/problem';
import { record } from '../http/rate-limit';
import { newRefreshToken, signAccessToken } from './tokens';

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** What a successful sign-in hands back: the body, and the refresh token for the cookie. */
export interface IssuedSession {
  body: TokenResponse;
  refreshToken: string;
}

/** The body of a sign-in or refresh answer: a new access token of the session family. */
export async function tokenResponse(
  userId: number,
  role: UserRole,
  familyId: string,
  now: Date,
): Promise<TokenResponse> {
  return {
    token: await signAccessToken({ userId, role, sessionId: familyId }, now),
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
  };
}

export const refreshExpiry = (now: Date) => new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);

/**
 * A client (address) the account has signed in or refreshed from lately: its password-recovery requests are
 * the owner's, and no stranger's requests from elsewhere can use up their emails (password-reset.ts).
 */
export const knownClientKey = (userId: number, ip: string) => `known-client:${userId}:${ip}`;
const KNOWN_CLIENT_SECONDS = 30 * 24 * 3600;
export const rememberClient = (userId: number, client: ClientInfo, now: Date) =>
  record({ key: knownClientKey(userId, client.ip), windowSeconds: KNOWN_CLIENT_SECONDS }, now);

/** A new session family for a sign-in. */
export async function issueSession(
  userId: number,
  role: UserRole,
  client: ClientInfo,
  now = new Date(),
): Promise<IssuedSession> {
  const db = await getDb();
  const [account] = await db.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, userId));
  if (account?.blockedAt) throw forbidden('This account is blocked; write to support to have it unblocked.');
  const { token, hash } = newRefreshToken();
  const familyId = randomUUID();
  await db.insert(sessions).values({
    userId,
    familyId,
    tokenHash: hash,
    expiresAt: refreshExpiry(now),
    userAgent: client.userAgent?.slice(0, 300) ?? null,
  });
  await rememberClient(userId, client, now);
  return { body: await tokenResponse(userId, role, familyId, now), refreshToken: token };
}
