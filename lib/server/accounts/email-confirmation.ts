import 'server-only';
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { EMAIL_TOKEN_ERRORS, type AccountEmailResource } from '@/lib/contract/email-confirmation';
import { getDb, transaction } from '../db';
import { isUniqueViolation } from '../db/errors';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { emailConfirmations, users } from '../db/schema';
import { invalid } from '../http/problem';
import { emailConfirmationEmail } from '../mail/notifications';
import { enqueueEmail } from '../mail/queue';
import { emailQueued } from '../mail/worker';
import type { ClientInfo } from './issue-session';
import { consume } from '../http/rate-limit';
import { hashRefreshToken } from './tokens';
import { findUser, requireOwner } from './users';
import type { Viewer } from './viewer';

/**
 * Email confirmation. `users.email` is the only address Sopka mails, and an address becomes it only here: the
 * account asks for a link to be sent to it (POST /users/{id}/email), and opening the link, signed in to that account,
 * confirms it (POST /users/{id}/email/confirm). Accounts registered by email and password count their registration
 * address as theirs, as sign-in and password recovery always have.
 */

/** A link works for a day, once, and only for the account that asked for it. */
export const EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;
/** The pause before the same account can have a link sent again. */
export const EMAIL_RESEND_AFTER_MS = 60 * 1000;

const REQUEST_LIMITS = (userId: number, email: string, ip: string) => [
  /** One link a minute per account (the "send again" button). */
  { key: `email-confirm:user-pause:${userId}`, max: 1, windowSeconds: EMAIL_RESEND_AFTER_MS / 1000 },
  /** Links per account, to any addresses. */
  { key: `email-confirm:user:${userId}`, max: 5, windowSeconds: 3600 },
  /** Links to one address, from every account: nobody floods an inbox with them. */
  { key: `email-confirm:to:${email}`, max: 3, windowSeconds: 3600 },
  { key: `email-confirm:to-day:${email}`, max: 6, windowSeconds: 24 * 3600 },
  /** Links from one client, over all accounts. */
  { key: `email-confirm:ip:${ip}`, max: 20, windowSeconds: 3600 },
];

const takenByAnother = () => invalid({ email: ['This email belongs to another account.'] });

/** `me` or the account's id or hid; only the owner may go on. */
async function ownAccount(param: string, viewer: Viewer) {
  const user = await findUser(param === 'me' ? String(viewer.id) : param);
  requireOwner(viewer, user.id);
  return user;
}

async function accountEmail(userId: number, now: Date): Promise<{ data: AccountEmailResource }> {
  const db = await getDb();
  const [[user], [open]] = await Promise.all([
    db.select({ email: users.email }).from(users).where(eq(users.id, userId)),
    db
      .select()
      .from(emailConfirmations)
      .where(
        and(
          eq(emailConfirmations.userId, userId),
          isNull(emailConfirmations.usedAt),
          gt(emailConfirmations.expiresAt, now),
        ),
      )
      .orderBy(desc(emailConfirmations.createdAt), desc(emailConfirmations.id))
      .limit(1),
  ]);
  return {
    data: {
      email: user.email,
      pending_email: open?.email ?? null,
      link: open
        ? {
            expires_at: open.expiresAt.toISOString(),
            resend_after: new Date(open.createdAt.getTime() + EMAIL_RESEND_AFTER_MS).toISOString(),
          }
        : null,
    },
  };
}

/** GET /users/{id}/email: the owner's confirmed address and the one waiting for its link. */
export async function getAccountEmail(param: string, viewer: Viewer, now = new Date()) {
  const user = await ownAccount(param, viewer);
  return accountEmail(user.id, now);
}

/**
 * POST /users/{id}/email: emails a confirmation link to the address, which waits until the link is opened; until
 * then nothing else is ever sent to it. An address another account has is refused before anything goes out.
 */
export async function requestEmailConfirmation(
  param: string,
  email: string,
  language: TextLanguage,
  viewer: Viewer,
  client: ClientInfo,
  now = new Date(),
) {
  const user = await ownAccount(param, viewer);
  if (user.email === email) throw invalid({ email: ['This email is already yours.'] });
  const db = await getDb();
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, user.id)));
  if (holder) throw takenByAnother();
  await consume(REQUEST_LIMITS(user.id, email, client.ip), now);
  const token = randomBytes(32).toString('base64url');
  await transaction(async (tx) => {
    // Links to another address stop working: the newest address asked for is the one waiting.
    await tx
      .update(emailConfirmations)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailConfirmations.userId, user.id),
          isNull(emailConfirmations.usedAt),
          ne(emailConfirmations.email, email),
        ),
      );
    await tx.insert(emailConfirmations).values({
      userId: user.id,
      email,
      tokenHash: hashRefreshToken(token),
      expiresAt: new Date(now.getTime() + EMAIL_TOKEN_TTL_MS),
      createdAt: now,
    });
    await enqueueEmail(tx, {
      kind: 'email-confirmation',
      to: email,
      ...emailConfirmationEmail(user.name, language, token),
    });
  });
  emailQueued();
  return accountEmail(user.id, now);
}

/**
 * POST /users/{id}/email/confirm: a valid, unused, unexpired token of this account makes its address the account's
 * email and spends the account's other links. A token of another account is refused like an unknown one. Of two
 * accounts confirming one address at once, the unique index lets one win; the other gets 422.
 */
export async function confirmEmail(param: string, token: string, viewer: Viewer, client: ClientInfo, now = new Date()) {
  const user = await ownAccount(param, viewer);
  await consume([{ key: `email-confirm-check:ip:${client.ip}`, max: 30, windowSeconds: 600 }], now);
  const tokenHash = hashRefreshToken(token);
  let confirmed: string | null;
  try {
    confirmed = await transaction(async (tx) => {
      const [spent] = await tx
        .update(emailConfirmations)
        .set({ usedAt: now })
        .where(
          and(
            eq(emailConfirmations.tokenHash, tokenHash),
            eq(emailConfirmations.userId, user.id),
            isNull(emailConfirmations.usedAt),
            gt(emailConfirmations.expiresAt, now),
          ),
        )
        .returning({ email: emailConfirmations.email });
      if (!spent) return null;
      await tx.update(users).set({ email: spent.email, updatedAt: now }).where(eq(users.id, user.id));
      await tx
        .update(emailConfirmations)
        .set({ usedAt: now })
        .where(and(eq(emailConfirmations.userId, user.id), isNull(emailConfirmations.usedAt)));
      return spent.email;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_unique')) throw takenByAnother();
    throw error;
  }
  if (confirmed === null) {
    const db = await getDb();
    const [row] = await db
      .select({
        userId: emailConfirmations.userId,
        usedAt: emailConfirmations.usedAt,
        expiresAt: emailConfirmations.expiresAt,
      })
      .from(emailConfirmations)
      .where(eq(emailConfirmations.tokenHash, tokenHash));
    const reason = !row || row.userId !== user.id ? 'invalid' : row.usedAt ? 'used' : 'expired';
    throw invalid({ token: [EMAIL_TOKEN_ERRORS[reason]] }, EMAIL_TOKEN_ERRORS[reason]);
  }
  return accountEmail(user.id, now);
}
