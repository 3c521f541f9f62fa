import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { ResetPasswordBody } from '@/lib/contract/auth';
import { RESET_TOKEN_ERRORS } from '@/lib/contract/password-rules';
import { getDb, transaction } from '../db';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { emailQueue, passwordResets, sessions, users } from '../db/schema';
import { ApiError, invalid } from '../http/problem';
import { enqueuePasswordChangedEmail, passwordResetEmail } from '../mail/notifications';
import { emailQueued } from '../mail/worker';
import { requireUncommonPassword } from './password-policy';
import { hashPassword } from './passwords';
import { consume, countOf } from '../http/rate-limit';
import { hashRefreshToken } from './tokens';
import { knownClientKey, type ClientInfo } from './issue-session';
import { requireEmailAuth } from './email-sign-in';

/** A reset link works for an hour, once. */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

/**
 * Forgot-password limits, as for sign-in: per client over all addresses, and per client for one address, so
 * requests from strangers spend their own budget and never the owner's. Every answer is the same 202.
 */
const FORGOT_LIMITS = (ip: string, email: string) => [
  /** Requests from one client, over all addresses. */
  { key: `forgot:ip:${ip}`, max: 10, windowSeconds: 3600 },
  /** Requests from one client for one address. */
  { key: `forgot:email-ip:${email}:${ip}`, max: 5, windowSeconds: 3600 },
];

/**
 * Reset emails sent to one address in an hour at the request of clients it has not signed in from: beyond it
 * nothing is sent (the answer stays the same), so strangers from many addresses cannot flood an inbox. Requests
 * from the account's own clients (knownClientKey) are always sent, within their per-client limits above.
 */
export const FORGOT_EMAILS_PER_ADDRESS = { max: 3, windowSeconds: 3600 };

/** Counts one email against the address's cap; false once the cap is reached. */
async function withinEmailCap(email: string, now: Date): Promise<boolean> {
  try {
    await consume([{ key: `forgot:sent:${email}`, ...FORGOT_EMAILS_PER_ADDRESS }], now);
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.status === 429) return false;
    throw error;
  }
}

/**
 * POST /auth/password/forgot: emails a reset link when the address has an account. The answer and the work are
 * the same either way (the same reads, the same rendering, the same two conditional INSERTs that write rows only
 * for an existing account), so neither the answer nor its timing tells whether the address is registered.
 */
export async function requestPasswordReset(
  email: string,
  client: ClientInfo,
  language: TextLanguage,
  now = new Date(),
): Promise<void> {
  requireEmailAuth();
  await consume(FORGOT_LIMITS(client.ip, email), now);
  const db = await getDb();
  const [user] = await db
    .select({ id: users.id, name: users.name, locale: users.locale })
    .from(users)
    .where(eq(users.email, email));
  // Asked whatever the address, so its timing does not tell either.
  const ownClient = (await countOf(knownClientKey(user?.id ?? 0, client.ip), now)) > 0;
  if (!ownClient && !(await withinEmailCap(email, now))) return;
  const token = randomBytes(32).toString('base64url');
  const message = passwordResetEmail(user?.name ?? '', user?.locale ?? language, token);
  const expiresAt = new Date(now.getTime() + RESET_TOKEN_TTL_MS).toISOString();
  await transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${passwordResets} (user_id, token_hash, expires_at, created_at)
      select ${users.id}, ${hashRefreshToken(token)}, ${expiresAt}, ${now.toISOString()}
      from ${users} where ${users.email} = ${email}`);
    await tx.execute(sql`
      insert into ${emailQueue} (kind, recipient, subject, text, html)
      select 'password-reset', ${users.email}, ${message.subject}, ${message.text}, ${message.html}
      from ${users} where ${users.email} = ${email}`);
  });
  emailQueued();
}

/**
 * POST /auth/password/reset: a valid, unused, unexpired token sets the new password, ends every session (and so
 * every access token) of the account and spends the token and the account's other open links.
 */
export async function resetPassword(body: ResetPasswordBody, client: ClientInfo, now = new Date()): Promise<void> {
  requireEmailAuth();
  await consume([{ key: `reset:ip:${client.ip}`, max: 30, windowSeconds: 3600 }], now);
  requireUncommonPassword(body.password);
  const passwordHash = await hashPassword(body.password);
  const tokenHash = hashRefreshToken(body.token);
  const userId = await transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)),
      )
      .returning({ userId: passwordResets.userId });
    if (!spent) return null;
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, spent.userId));
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, spent.userId), isNull(passwordResets.usedAt)));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, spent.userId), isNull(sessions.revokedAt)));
    await enqueuePasswordChangedEmail(tx, spent.userId);
    return spent.userId;
  });
  if (userId === null) {
    const db = await getDb();
    const [row] = await db
      .select({ usedAt: passwordResets.usedAt, expiresAt: passwordResets.expiresAt })
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, tokenHash));
    const reason = !row ? 'invalid' : row.usedAt ? 'used' : 'expired';
    throw invalid({ token: [RESET_TOKEN_ERRORS[reason]] }, RESET_TOKEN_ERRORS[reason]);
  }
  emailQueued();
}
