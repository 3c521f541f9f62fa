import 'server-only';
import { and, eq, exists, gt, isNull, or, sql } from 'drizzle-orm';
import type { NextRequest } from 'next/server';
import { REFRESH_REUSE_GRACE_SECONDS } from '@/lib/constants';
import { hashRefreshToken, verifyAccessToken, type AccessClaims } from './tokens';
import { getDb } from '../db';
import { sessions, users } from '../db/schema';
import { unauthenticated } from '../http/problem';
import type { Viewer } from './viewer';

/**
 * Whether the token's session family is still open and its user still exists with the token's role: one
 * indexed query per signed-in request, so logout, a password change, a reuse revocation, a role change and
 * a deleted or blocked account end the token at once. A role change ends it too: a refresh hands out one with the new role.
 */
async function sessionIsOpen({ userId, role, sessionId }: AccessClaims): Promise<boolean> {
  const db = await getDb();
  const openSession = db
    .select({ one: sql`1` })
    .from(sessions)
    .where(and(eq(sessions.familyId, sessionId), eq(sessions.userId, users.id), isNull(sessions.revokedAt)));
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, role), isNull(users.blockedAt), exists(openSession)))
    .limit(1);
  return rows.length > 0;
}

/**
 * The claims of an `Authorization: Bearer` access token (the header's value, or a request carrying one) when it is
 * validly signed and unexpired, or null; whether its session is still open is not asked (logout revokes the session
 * it names either way).
 */
export async function bearerClaims(from: NextRequest | string | null | undefined): Promise<AccessClaims | null> {
  const header = typeof from === 'object' && from !== null ? from.headers.get('authorization') : from;
  const match = header && /^Bearer\s+(\S+)$/i.exec(header);
  return match ? verifyAccessToken(match[1]) : null;
}

/**
 * The signed-in user behind a request or an Authorization header's value (a valid `Bearer` access token of an open
 * session), or null. The event streams served before Next (events/serve-events.ts) pass the header.
 */
export async function viewerOf(from: NextRequest | string | null | undefined): Promise<Viewer | null> {
  const claims = await bearerClaims(from);
  return claims && (await sessionIsOpen(claims)) ? { id: claims.userId, role: claims.role } : null;
}

/** The signed-in user, or 401 before anything else is looked at. */
export async function requireViewer(from: NextRequest | string | null | undefined): Promise<Viewer> {
  const viewer = await viewerOf(from);
  if (!viewer) throw unauthenticated();
  return viewer;
}

/**
 * The signed-in user behind the session cookie (the refresh token the browser holds), or null: for the live event
 * stream, which a browser may open with its cookie alone. Only read, never rotated; a token rotated moments ago by
 * another tab still counts, within the grace window the refresh allows.
 */
export async function viewerOfSessionCookie(token: string | undefined, now = new Date()): Promise<Viewer | null> {
  if (!token) return null;
  const db = await getDb();
  const [row] = await db
    .select({ id: users.id, role: users.role })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, hashRefreshToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        or(
          isNull(sessions.rotatedAt),
          gt(sessions.rotatedAt, new Date(now.getTime() - REFRESH_REUSE_GRACE_SECONDS * 1000)),
        ),
        isNull(users.blockedAt),
      ),
    )
    .limit(1);
  return row ? { id: row.id, role: row.role } : null;
}

/** The signed-in user of a live event stream: the bearer token as for every call, or else the session cookie. */
export async function requireStreamViewer(
  authorization: string | null | undefined,
  sessionCookie: string | undefined,
): Promise<Viewer> {
  const viewer = (await viewerOf(authorization)) ?? (await viewerOfSessionCookie(sessionCookie));
  if (!viewer) throw unauthenticated();
  return viewer;
}
