import 'server-only';
import { eq } from 'drizzle-orm';
import type { RegisterBody } from '@/lib/contract/auth';
import { getDb } from '../db';
import { isUniqueViolation } from '../db/errors';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { users } from '../db/schema';
import { forbidden, invalid } from '../http/problem';
import { env } from '../platform/env';
import { createUserWithProfile } from './create-user';
import { issueSession, type ClientInfo, type IssuedSession } from './issue-session';
import { requireUncommonPassword } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import { consume, countOf, record, release, reset } from '../http/rate-limit';

/** config.auth.email_auth off switches email sign-in off in the API too (and password recovery with it). */
export function requireEmailAuth() {
  if (!env().AUTH_EMAIL) throw forbidden('Sign-in by email is switched off.');
}

/** A real argon2id hash of a random string: verifying against it costs what a real check costs. */
const DUMMY_HASH = '$argon2id$v=19$m=19456,t=2,p=1$qWOzDWaKGq1WSB9Jx9opRQ$t2bN1Ht336W/iKo8LrRqOx8qYJhUM3sqlNInxFx8lEQ';

/**
 * Sign-in limits (README "Sign-in limits"). Only failures count: a right password gives back its attempt
 * and starts that client over for that account. An account is never locked for everyone: a client that
 * has not been guessing always gets in with the right password.
 */
const LOGIN_LIMITS = {
  /** Wrong passwords from one client, over all accounts. */
  perClient: { max: 30, windowSeconds: 600 },
  /** Wrong passwords from one client for one account. */
  perClientAndAccount: { max: 10, windowSeconds: 900 },
  /** Once an account has this many wrong passwords from everyone within the window… */
  accountUnderAttack: { failures: 20, windowSeconds: 3600 },
  /** …each client gets only this many for it (per the per-client-and-account window). */
  perClientAndAccountUnderAttack: { max: 3 },
};

const loginKeys = (ip: string, email: string) => ({
  client: `login:ip:${ip}`,
  clientAndAccount: `login:email-ip:${email}:${ip}`,
  account: `login:email:${email}`,
});

/** POST /auth/register: a new user with a profile, signed in at once; `language` (the request's) is that of their emails. */
export async function register(
  body: RegisterBody,
  client: ClientInfo,
  language: TextLanguage = 'ru',
): Promise<IssuedSession> {
  requireEmailAuth();
  requireUncommonPassword(body.password);
  await consume([{ key: `register:ip:${client.ip}`, max: 10, windowSeconds: 3600 }]);
  const db = await getDb();
  const passwordHash = await hashPassword(body.password);
  const emailTaken = () => invalid({ email: ['This email is already registered. Sign in instead.'] });
  let userId: number;
  try {
    userId = await db.transaction(async (tx) => {
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, body.email));
      if (taken) throw emailTaken();
      const user = await createUserWithProfile(tx, {
        name: body.name,
        email: body.email,
        passwordHash,
        locale: language,
      });
      return user.id;
    });
  } catch (error) {
    // A registration of the same email that committed after the check above.
    if (isUniqueViolation(error, 'users_email_unique')) throw emailTaken();
    throw error;
  }
  return issueSession(userId, 'user', client);
}

/** POST /auth/login with email and password; `language` (the request's), when given, becomes that of their emails. */
export async function login(
  email: string,
  password: string,
  client: ClientInfo,
  language?: TextLanguage,
): Promise<IssuedSession> {
  requireEmailAuth();
  const keys = loginKeys(client.ip, email);
  const underAttack = (await countOf(keys.account)) >= LOGIN_LIMITS.accountUnderAttack.failures;
  const perClientAndAccountMax = underAttack
    ? LOGIN_LIMITS.perClientAndAccountUnderAttack.max
    : LOGIN_LIMITS.perClientAndAccount.max;
  // Counted before the check (atomically, so parallel guesses cannot all slip through) and given back on success.
  await consume([
    { key: keys.client, ...LOGIN_LIMITS.perClient },
    {
      key: keys.clientAndAccount,
      max: perClientAndAccountMax,
      windowSeconds: LOGIN_LIMITS.perClientAndAccount.windowSeconds,
    },
  ]);
  const db = await getDb();
  const [user] = await db
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash, locale: users.locale })
    .from(users)
    .where(eq(users.email, email));
  // Verify against a dummy when the user does not exist, so timing does not reveal registered emails.
  const ok = await verifyPassword(user?.passwordHash ?? DUMMY_HASH, password);
  if (!user || !ok) {
    await record({ key: keys.account, windowSeconds: LOGIN_LIMITS.accountUnderAttack.windowSeconds });
    throw invalid({ password: ['The email or password is wrong.'] }, 'Wrong email or password.');
  }
  await Promise.all([release(keys.client), reset(keys.clientAndAccount)]);
  if (language && language !== user.locale)
    await db.update(users).set({ locale: language }).where(eq(users.id, user.id));
  return issueSession(user.id, user.role, client);
}
