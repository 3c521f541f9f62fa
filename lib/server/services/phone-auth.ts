import 'server-only';
import { createHash, randomInt, randomUUID } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { PhoneVerificationResource } from '@/lib/api/schemas/auth';
import { getDb } from '../db';
import { phoneVerifications, users } from '../db/schema';
import { env } from '../env';
import { ApiError, forbidden, invalid, notFound } from '../http/problem';
import type { TextLanguage } from '../localized';
import { smsSender } from '../sms';
import { issueSession, type ClientInfo, type IssuedSession } from './auth';
import { createUserWithProfile } from './accounts';
import { consume, reset } from './rate-limit';

export const CODE_TTL_SECONDS = 300;
export const RESEND_AFTER_SECONDS = 60;
export const MAX_ATTEMPTS = 5;

const SMS_TEXT: Record<TextLanguage, (code: string) => string> = {
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
  const db = await getDb();
  const [latest] = await db
    .select()
    .from(phoneVerifications)
    .where(and(eq(phoneVerifications.phone, phone), isNull(phoneVerifications.consumedAt)))
    .orderBy(desc(phoneVerifications.createdAt))
    .limit(1);
  if (latest && latest.resendAfter > now) {
    const wait = Math.ceil((latest.resendAfter.getTime() - now.getTime()) / 1000);
    throw new ApiError(429, 'Too many requests', `A new code can be sent in ${wait} s.`, undefined, { 'retry-after': String(wait) });
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
      codeHash: codeHash(id, code),
      expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000),
      resendAfter: new Date(now.getTime() + RESEND_AFTER_SECONDS * 1000),
      createdAt: now,
    })
    .returning();
  await smsSender().send(phone, SMS_TEXT[language](code));
  return { phone_verification: resource(row) };
}

/** GET /auth/phoneVerification: the verification this browser started (its id is in a cookie). */
export async function currentVerification(id: string | undefined) {
  requirePhoneAuth();
  if (!id) throw notFound('No phone verification in progress.');
  const db = await getDb();
  const [row] = await db.select().from(phoneVerifications).where(eq(phoneVerifications.id, id));
  if (!row || row.consumedAt) throw notFound('No phone verification in progress.');
  return { phone_verification: resource(row) };
}

/**
 * POST /auth/phoneVerification/checkCode: the right code signs in (creating the user the first time);
 * five wrong codes, or five minutes, end the verification.
 */
export async function checkCode(id: string, code: string, client: ClientInfo, now = new Date()): Promise<IssuedSession> {
  requirePhoneAuth();
  await consume([{ key: `sms-check:ip:${client.ip}`, max: 30, windowSeconds: 600 }], now);
  const db = await getDb();
  const [row] = await db.select().from(phoneVerifications).where(eq(phoneVerifications.id, id));
  if (!row || row.consumedAt) throw invalid({ id: ['This code is no longer valid. Ask for a new one.'] });
  await consume([{ key: `sms-check:phone:${row.phone}`, max: 20, windowSeconds: 3600 }], now);
  if (row.expiresAt <= now) throw invalid({ code: ['The code has expired. Ask for a new one.'] });
  if (row.attempts >= MAX_ATTEMPTS) throw invalid({ code: ['Too many wrong codes. Ask for a new one.'] });
  if (row.codeHash !== codeHash(id, code)) {
    // Counted atomically, so parallel guesses cannot get more than five tries.
    const [updated] = await db
      .update(phoneVerifications)
      .set({ attempts: row.attempts + 1 })
      .where(and(eq(phoneVerifications.id, id), eq(phoneVerifications.attempts, row.attempts)))
      .returning({ attempts: phoneVerifications.attempts });
    const left = MAX_ATTEMPTS - (updated?.attempts ?? MAX_ATTEMPTS);
    throw invalid({ code: [left > 0 ? `Wrong code. ${left} attempts left.` : 'Too many wrong codes. Ask for a new one.'] }, 'Wrong code.');
  }
  const consumed = await db
    .update(phoneVerifications)
    .set({ consumedAt: now })
    .where(and(eq(phoneVerifications.id, id), isNull(phoneVerifications.consumedAt)))
    .returning({ id: phoneVerifications.id });
  if (consumed.length === 0) throw invalid({ id: ['This code is no longer valid. Ask for a new one.'] });
  await reset(`sms:phone:${row.phone}`);
  const user = await findOrCreatePhoneUser(row.phone);
  return issueSession(user.id, user.role, client);
}

async function findOrCreatePhoneUser(phone: string) {
  const db = await getDb();
  const [existing] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.phone, phone));
  if (existing) return existing;
  // The name shows only the end of the number until the user sets one.
  return db.transaction((tx) => createUserWithProfile(tx, { name: `+${phone.slice(1, 2)} ••• ${phone.slice(-4)}`, phone }));
}
