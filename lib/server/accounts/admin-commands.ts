import 'server-only';
// What an operator does to an account from the shell (`npm run user`, README "Users from the shell"): give it a
// role, block it, unblock it. By email; an unknown email is an error, never a silent no-op.
//
// A block sets `users.blocked_at`: sign-in of any kind refuses the account (issueSession in issue-session.ts), and
// its access tokens stop working at their next request (auth-viewer.ts). Its sessions are revoked too, so that an
// unblocked account signs in afresh rather than finding old devices signed in again.
import { and, eq, isNull } from 'drizzle-orm';
import { getDb, transaction } from '../db';
import { sessions, users, USER_ROLES, type UserRole } from '../db/schema';

/** The email names no account. */
export class UnknownUserError extends Error {
  override name = 'UnknownUserError';
  constructor(email: string) {
    super(`There is no user with the email ${email}.`);
  }
}

export const isUserRole = (value: string): value is UserRole => (USER_ROLES as readonly string[]).includes(value);

export interface AccountSummary {
  id: number;
  email: string;
  name: string;
  role: UserRole;
  blocked: boolean;
}

async function findByEmail(email: string) {
  const db = await getDb();
  // Addresses are stored lower-cased (lib/contract/auth.ts).
  const normalized = email.trim().toLowerCase();
  const [user] = await db.select().from(users).where(eq(users.email, normalized));
  if (!user) throw new UnknownUserError(normalized);
  return user;
}

const summaryOf = (user: typeof users.$inferSelect): AccountSummary => ({
  id: user.id,
  email: user.email!,
  name: user.name,
  role: user.role,
  blocked: user.blockedAt !== null,
});

/** The account an email names. */
export async function describeUser(email: string): Promise<AccountSummary> {
  return summaryOf(await findByEmail(email));
}

/**
 * Gives the account `role`. Its access tokens carry the old role, so they are refused from their next request
 * (auth-viewer.ts); a refresh, or a new sign-in, hands out one with the new role.
 */
export async function setUserRole(email: string, role: string): Promise<AccountSummary & { previousRole: UserRole }> {
  if (!isUserRole(role)) throw new Error(`The role must be one of ${USER_ROLES.join(', ')}; not "${role}".`);
  const user = await findByEmail(email);
  const db = await getDb();
  if (user.role !== role) await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, user.id));
  return { ...summaryOf({ ...user, role }), previousRole: user.role };
}

/** Blocks the account (see the head of this file); blocking a blocked account again only revokes sessions again. */
export async function blockUser(
  email: string,
  now = new Date(),
): Promise<AccountSummary & { revokedSessions: number }> {
  const user = await findByEmail(email);
  const blockedAt = user.blockedAt ?? now;
  const revoked = await transaction(async (tx) => {
    await tx.update(users).set({ blockedAt, updatedAt: now }).where(eq(users.id, user.id));
    const ended = await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)))
      .returning({ familyId: sessions.familyId });
    return new Set(ended.map((row) => row.familyId)).size;
  });
  return { ...summaryOf({ ...user, blockedAt }), revokedSessions: revoked };
}

/** Ends a block: the account signs in again as before. */
export async function unblockUser(email: string, now = new Date()): Promise<AccountSummary & { wasBlocked: boolean }> {
  const user = await findByEmail(email);
  const db = await getDb();
  if (user.blockedAt) await db.update(users).set({ blockedAt: null, updatedAt: now }).where(eq(users.id, user.id));
  return { ...summaryOf({ ...user, blockedAt: null }), wasBlocked: user.blockedAt !== null };
}
