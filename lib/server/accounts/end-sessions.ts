import 'server-only';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { getDb } from '../db';
import { sessions } from '../db/schema';
import { hashRefreshToken, type AccessClaims } from './tokens';

/**
 * POST /auth/logout: revokes the session family of the cookie and the one the bearer access token was issued to
 * (its `sid`), so that token stops working at once. The token revokes only its own family, and only among its own
 * user's sessions: it can end itself, nothing else.
 */
export async function logout(
  token: string | undefined,
  access: Pick<AccessClaims, 'userId' | 'sessionId'> | null = null,
  now = new Date(),
): Promise<void> {
  const db = await getDb();
  if (token) {
    const [session] = await db
      .select({ familyId: sessions.familyId })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashRefreshToken(token)));
    if (session)
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.familyId, session.familyId), isNull(sessions.revokedAt)));
  }
  if (access)
    await db
      .update(sessions)
      .set({ revokedAt: now })
      .where(
        and(eq(sessions.familyId, access.sessionId), eq(sessions.userId, access.userId), isNull(sessions.revokedAt)),
      );
}

/** After a password change: every session of the user ends except the one presenting `keepToken`. */
export async function revokeOtherSessions(
  userId: number,
  keepToken: string | undefined,
  now = new Date(),
): Promise<void> {
  const db = await getDb();
  const [kept] = keepToken
    ? await db
        .select({ familyId: sessions.familyId, userId: sessions.userId })
        .from(sessions)
        .where(eq(sessions.tokenHash, hashRefreshToken(keepToken)))
    : [];
  const keepFamily = kept?.userId === userId ? kept.familyId : undefined;
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        ...(keepFamily ? [ne(sessions.familyId, keepFamily)] : []),
      ),
    );
}
