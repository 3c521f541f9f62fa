import 'server-only';
import { and, desc, eq, isNull, ne } from 'drizzle-orm';
import type { AccountPhoneResource } from '@/lib/contract/users';
import { getDb } from '../db';
import { isUniqueViolation } from '../db/errors';
import { phoneVerifications, users } from '../db/schema';
import { invalid } from '../http/problem';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import type { ClientInfo } from './issue-session';
import { MAX_ATTEMPTS, consumeVerification, sendCode, verifyCode } from './phone-auth';
import { consume, reset } from '../http/rate-limit';
import { findUser, requireOwner } from './users';
import type { Viewer } from './viewer';

const CONFIRM_TEXT: Record<TextLanguage, (code: string) => string> = {
  ru: (code) => `Код для подтверждения номера в Сопке: ${code}. Если номер указывали не вы, никому его не сообщайте.`,
  en: (code) =>
    `Your Sopka code to confirm this number: ${code}. If you did not add this number, do not share it with anyone.`,
  zh: (code) => `您在 Sopka 确认此号码的验证码：${code}。如果不是您添加的号码，请勿告诉他人。`,
};

const takenByAnother = () => invalid({ phone: ['This phone number belongs to another account.'] });
const codeGone = () => invalid({ code: ['This code is no longer valid. Ask for a new one.'] });

/** The latest unused code sent to an account's waiting number. */
async function openVerification(userId: number, pendingPhone: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(phoneVerifications)
    .where(
      and(
        eq(phoneVerifications.userId, userId),
        eq(phoneVerifications.phone, pendingPhone),
        isNull(phoneVerifications.consumedAt),
      ),
    )
    .orderBy(desc(phoneVerifications.createdAt))
    .limit(1);
  return row;
}

async function accountPhone(userId: number, now: Date): Promise<{ data: AccountPhoneResource }> {
  const db = await getDb();
  const [user] = await db
    .select({ phone: users.phone, pendingPhone: users.pendingPhone })
    .from(users)
    .where(eq(users.id, userId));
  const verification = user.pendingPhone ? await openVerification(userId, user.pendingPhone) : undefined;
  const live = verification && verification.expiresAt > now ? verification : undefined;
  return {
    data: {
      phone: user.phone,
      pending_phone: user.pendingPhone,
      code: live
        ? {
            expires_at: live.expiresAt.toISOString(),
            resend_after: live.resendAfter.toISOString(),
            attempts_left: Math.max(0, MAX_ATTEMPTS - live.attempts),
          }
        : null,
    },
  };
}

/** GET /users/{id}/phone: the owner's confirmed number and the one waiting for its code. */
export async function getAccountPhone(param: string, viewer: Viewer, now = new Date()) {
  const user = await findUser(param);
  requireOwner(viewer, user.id);
  return accountPhone(user.id, now);
}

/**
 * POST /users/{id}/phone: sends a code to a new number, which waits on the account until the code comes back.
 * A number another account has confirmed is refused before any SMS goes out.
 */
export async function requestPhoneChange(
  param: string,
  phone: string,
  language: TextLanguage,
  viewer: Viewer,
  client: ClientInfo,
  now = new Date(),
) {
  const user = await findUser(param);
  requireOwner(viewer, user.id);
  if (user.phone === phone) throw invalid({ phone: ['This number is already yours.'] });
  const db = await getDb();
  const [holder] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phone, phone), ne(users.id, user.id)));
  if (holder) throw takenByAnother();
  await sendCode({ phone, userId: user.id, text: CONFIRM_TEXT[language] }, client, now);
  await db.update(users).set({ pendingPhone: phone, updatedAt: now }).where(eq(users.id, user.id));
  return accountPhone(user.id, now);
}

/**
 * POST /users/{id}/phone/confirm: the right code makes the waiting number the account's own (and the one phone
 * sign-in finds). Of two accounts confirming one number at once, the unique index lets one win; the other gets 422.
 */
export async function confirmPhoneChange(
  param: string,
  code: string,
  viewer: Viewer,
  client: ClientInfo,
  now = new Date(),
) {
  const user = await findUser(param);
  requireOwner(viewer, user.id);
  await consume([{ key: `sms-check:ip:${client.ip}`, max: 30, windowSeconds: 600 }], now);
  if (!user.pendingPhone) throw invalid({ code: ['No number is waiting for a code. Enter the new number first.'] });
  const pendingPhone = user.pendingPhone;
  const verification = await openVerification(user.id, pendingPhone);
  if (!verification) throw codeGone();
  await verifyCode(verification, code, now);
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      await consumeVerification(tx, verification, now);
      const attached = await tx
        .update(users)
        .set({ phone: pendingPhone, pendingPhone: null, updatedAt: now })
        .where(and(eq(users.id, user.id), eq(users.pendingPhone, pendingPhone)))
        .returning({ id: users.id });
      // The account asked for another number meanwhile: this code was for the old one.
      if (attached.length === 0) throw codeGone();
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_phone_unique')) throw takenByAnother();
    throw error;
  }
  await reset(`sms:phone:${pendingPhone}`);
  return accountPhone(user.id, now);
}
