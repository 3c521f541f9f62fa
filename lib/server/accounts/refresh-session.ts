import 'server-only';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { REFRESH_REUSE_GRACE_SECONDS } from '@/lib/constants';
import { getDb } from '../db';
import { sessions, users } from '../db/schema';
import { unauthenticated } from '../http/problem';
import { refreshExpiry, rememberClient, tokenResponse, type ClientInfo, type IssuedSession } from './issue-session';
import { hashRefreshToken, successorRefreshToken } from './tokens';

/**
 * POST /auth/refresh: exchanges the cookie's refresh token for its successor and a new access token.
 * Presented again within REFRESH_REUSE_GRACE_SECONDS of its rotation (two tabs refreshing at once), a token
 * yields the same successor; later, a second use means it leaked: the whole family is revoked.
 */
export async function refresh(token: string | undefined, client: ClientInfo, now = new Date()): Promise<IssuedSession> {
  if (!token) throw unauthenticated('No session. Sign in.');
  const db = await getDb();
  const successor = successorRefreshToken(token);
  // Rotating and storing the successor commit together: a concurrent request that finds the token rotated
  // (it waits for this row's lock) also finds the successor.
  const rotated = await db.transaction(async (tx) => {
    const [session] = await tx
      .update(sessions)
      .set({ rotatedAt: now })
      .where(
        and(
          eq(sessions.tokenHash, hashRefreshToken(token)),
          isNull(sessions.rotatedAt),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, now),
        ),
      )
      .returning({ userId: sessions.userId, familyId: sessions.familyId });
    if (!session) return undefined;
    await tx.insert(sessions).values({
      ...session,
      tokenHash: hashRefreshToken(successor),
      expiresAt: refreshExpiry(now),
      userAgent: client.userAgent?.slice(0, 300) ?? null,
    });
    return session;
  });
  const next = rotated ? { ...rotated, refreshToken: successor } : await successorWithinGrace(token, now);
  const [user] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, next.userId));
  if (!user) throw unauthenticated('The account no longer exists.');
  await rememberClient(user.id, client, now);
  return { body: await tokenResponse(user.id, user.role, next.familyId, now), refreshToken: next.refreshToken };
}

/** How many rotations one grace window follows (a tab refreshing repeatedly while another one is late). */
const MAX_GRACE_STEPS = 5;

/**
 * For a token that was already rotated: the newest token of its chain when every rotation on the way happened
 * within the grace window; otherwise the family is revoked (a reuse) and the answer is 401.
 */
async function successorWithinGrace(
  token: string,
  now: Date,
): Promise<{ userId: number; familyId: string; refreshToken: string }> {
  const db = await getDb();
  const find = async (candidate: string) =>
    (
      await db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashRefreshToken(candidate)))
    )[0];
  const presented = await find(token);
  if (!presented) throw unauthenticated('The session has ended. Sign in again.');
  let current = token;
  let session: typeof presented | undefined = presented;
  for (let step = 0; session && step <= MAX_GRACE_STEPS; step++) {
    if (session.revokedAt || session.expiresAt <= now) throw unauthenticated('The session has ended. Sign in again.');
    if (!session.rotatedAt) return { userId: session.userId, familyId: session.familyId, refreshToken: current };
    if (now.getTime() - session.rotatedAt.getTime() > REFRESH_REUSE_GRACE_SECONDS * 1000) break;
    current = successorRefreshToken(current);
    session = await find(current);
  }
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.familyId, presented.familyId), isNull(sessions.revokedAt)));
  throw unauthenticated('This session was already used elsewhere and has been closed for safety. Sign in again.');
}
