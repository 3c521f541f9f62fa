import 'server-only';
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { PhoneVerificationResource } from '@/lib/contract/auth';
import { getDb } from '../db';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { phoneVerifications, users } from '../db/schema';
import { env } from '../platform/env';
import { ApiError, forbidden, invalid } from '../http/problem';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { smsSender } from '../platform/sms';
import { issueSession, type ClientInfo, type IssuedSession } from './issue-session';
import { createUserWithProfile } from './create-user';
import { consume, reset } from '../http/rate-limit';

export const CODE_TTL_SECONDS = 300;
export const RESEND_AFTER_SECONDS = 60;
export const MAX_ATTEMPTS = 5;

const SIGN_IN_TEXT: Record<TextLanguage, (code: string) => string> = {
  ru: (code) => `Код для входа в Сопку: ${code}. Никому его не сообщайте.`,
  en: (code) => `Your Sopka sign-in code: ${code}. Do not share it with anyone.`,
  zh: (code) => `您的 Sopka 登录验证码：${code}。请勿告诉他人。`,
};

type VerificationRow = typeof phoneVerifications.$inferSelect;

const codeHash = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

function requirePhoneAuth() {
  if (!env().AUTH_PHONE) throw forbidden('Sign-in by phone is switched off.');
}

function resource(row: VerificationRow): PhoneVerificationResource {
  return {
    id: row.id,
    phone: row.phone,
    expires_at: row.expiresAt.toISOString(),
    resend_after: row.resendAfter.toISOString(),
    attempts_left: Math.max(0, MAX_ATTEMPTS - row.attempts),
  };
}

/** POST /auth/phoneVerification/create: a new 6-digit code by SMS, no sooner than a minute after the last. */
export async function createVerification(phone: string, language: TextLanguage, client: ClientInfo, now = new Date()) {
  requirePhoneAuth();
  const row = await sendCode({ phone, userId: null, text: SIGN_IN_TEXT[language] }, client, now);
  return { phone_verification: resource(row) };
}

/**
 * Sends a new code to a number and stores its verification: for signing in (`userId` null) or for attaching the
 * number to that account. One code a minute per number and purpose (so that someone attaching a number cannot hold
 * off its owner's sign-in), and five an hour per number whatever the purpose.
 */
export async function sendCode(
  { phone, userId, text }: { phone: string; userId: number | null; text: (code: string) => string },
  client: ClientInfo,
  now: Date,
): Promise<VerificationRow> {
  const db = await getDb();
  const [latest] = await db
    .select()
    .from(phoneVerifications)
    .where(
      and(
        eq(phoneVerifications.phone, phone),
        userId === null ? isNull(phoneVerifications.userId) : eq(phoneVerifications.userId, userId),
        isNull(phoneVerifications.consumedAt),
      ),
    )
    .orderBy(desc(phoneVerifications.createdAt))
    .limit(1);
  if (latest && latest.resendAfter > now) {
    const wait = Math.ceil((latest.resendAfter.getTime() - now.getTime()) / 1000);
    throw new ApiError(429, 'Too many requests', `A new code can be sent in ${wait} s.`, undefined, {
      'retry-after': String(wait),
    });
  }
  await consume(
    [
      { key: `sms:phone:${phone}`, max: 5, windowSeconds: 3600 },
      { key: `sms:ip:${client.ip}`, max: 20, windowSeconds: 3600 },
    ],
    now,
  );
  const id = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const [row] = await db
    .insert(phoneVerifications)
    .values({
      id,
      phone,
      userId,
      codeHash: codeHash(id, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
      resendAfter: new Date(now.getTime() + RESEND_AFTER_SECONDS * 1000),
      createdAt: now,
    })
    .returning();
  await smsSender().send(phone, text(code));
  return row;
}

/** GET /auth/phoneVerification: the verification this browser started (its id is in a cookie). */
export async function currentVerification(id: string | undefined) {
  requirePhoneAuth();
  // None in progress is the usual case on arrival, not an error: the sign-in page asks on every visit.
  if (!id) return { phone_verification: null };
  const db = await getDb();
  const [row] = await db.select().from(phoneVerifications).where(eq(phoneVerifications.id, id));
  if (!row || row.consumedAt) return { phone_verification: null };
  return { phone_verification: resource(row) };
}

/**
 * POST /auth/phoneVerification/checkCode: the right code signs in (creating the user the first time);
 * five wrong codes, or five minutes, end the verification.
 */
export async function checkCode(
  id: string,
  code: string,
  client: ClientInfo,
  now = new Date(),
): Promise<IssuedSession> {
  requirePhoneAuth();
  await consume([{ key: `sms-check:ip:${client.ip}`, max: 30, windowSeconds: 600 }], now);
  const db = await getDb();
  const [row] = await db.select().from(phoneVerifications).where(eq(phoneVerifications.id, id));
  // A code for attaching a number to an account never signs in.
  if (!row || row.consumedAt || row.userId !== null)
    throw invalid({ id: ['This code is no longer valid. Ask for a new one.'] });
  await verifyCode(row, code, now);
  await consumeVerification(db, row, now);
  await reset(`sms:phone:${row.phone}`);
  const user = await findOrCreatePhoneUser(row.phone);
  return issueSession(user.id, user.role, client);
}

/**
 * Checks a code against an open verification (after the caller has found it unconsumed): 422 when it has expired,
 * is used up or is wrong, the last saying how many attempts are left. Counted per phone as well as by the caller.
 */
export async function verifyCode(row: VerificationRow, code: string, now: Date): Promise<void> {
  await consume([{ key: `sms-check:phone:${row.phone}`, max: 20, windowSeconds: 3600 }], now);
  if (row.expiresAt <= now) throw invalid({ code: ['The code has expired. Ask for a new one.'] });
  if (row.attempts >= MAX_ATTEMPTS) throw invalid({ code: ['Too many wrong codes. Ask for a new one.'] });
  if (row.codeHash === codeHash(row.id, code)) return;
  const db = await getDb();
  // Counted atomically, so parallel guesses cannot get more than five tries.
  const [updated] = await db
    .update(phoneVerifications)
    .set({ attempts: row.attempts + 1 })
    .where(and(eq(phoneVerifications.id, row.id), eq(phoneVerifications.attempts, row.attempts)))
    .returning({ attempts: phoneVerifications.attempts });
  const left = MAX_ATTEMPTS - (updated?.attempts ?? MAX_ATTEMPTS);
  throw invalid(
    { code: [left > 0 ? `Wrong code. ${left} attempts left.` : 'Too many wrong codes. Ask for a new one.'] },
    'Wrong code.',
  );
}

/** Marks a verification used, once: a second use of the same code (even a parallel one) is refused. */
export async function consumeVerification(db: Pick<Db, 'update'>, row: VerificationRow, now: Date): Promise<void> {
  const consumed = await db
    .update(phoneVerifications)
    .set({ consumedAt: now })
    .where(and(eq(phoneVerifications.id, row.id), isNull(phoneVerifications.consumedAt)))
    .returning({ id: phoneVerifications.id });
  if (consumed.length === 0) throw invalid({ id: ['This code is no longer valid. Ask for a new one.'] });
}

/** Only a confirmed number finds an account; a number merely waiting on some account gets an account of its own. */
async function findOrCreatePhoneUser(phone: string) {
  const db = await getDb();
  const find = async () =>
    (await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.phone, phone)))[0];
  const existing = await find();
  if (existing) return existing;
  try {
    // The name shows only the end of the number until the user sets one.
    return await db.transaction((tx) =>
      createUserWithProfile(tx, { name: `+${phone.slice(1, 2)} ••• ${phone.slice(-4)}`, phone }),
    );
  } catch (error) {
    // Another request attached or signed in this number first: it is that account's now.
    const winner = isUniqueViolation(error) ? await find() : undefined;
    if (winner) return winner;
    throw error;
  }
}
