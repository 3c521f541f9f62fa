import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { RegisterBody, TokenResponse } from '@/lib/contract/auth';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_REUSE_GRACE_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@/lib/constants';
import { requireUncommonPassword } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import { hashRefreshToken, newRefreshToken, signAccessToken, successorRefreshToken, type AccessClaims } from './tokens';
import { getDb } from '../db';
import { isUniqueViolation } from '../db/errors';
import { profiles, sessions, users, type UserRole } from '../db/schema';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { env } from '../platform/env';
import { forbidden, invalid, unauthenticated } from '../http/problem';
import { mediaUrl } from '../platform/storage';
import { createUserWithProfile } from './create-user';
import { consume, countOf, record, release, reset } from './rate-limit';
import type { Viewer } from './viewer';

/** config.auth.email_auth off switches email sign-in off in the API too (and password recovery with it). */
export function requireEmailAuth() {
  if (!env().AUTH_EMAIL) throw forbidden('Sign-in by email is switched off.');
}

export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** What a successful sign-in hands back: the body, and the refresh token for the cookie. */
export interface IssuedSession {
  body: TokenResponse;
  refreshToken: string;
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

/** The body of a sign-in or refresh answer: a new access token of the session family. */
async function tokenResponse(userId: number, role: UserRole, familyId: string, now: Date): Promise<TokenResponse> {
  return {
    token: await signAccessToken({ userId, role, sessionId: familyId }, now),
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
  };
}

const refreshExpiry = (now: Date) => new Date(now.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000);

/**
 * A client (address) the account has signed in or refreshed from lately: its password-recovery requests are
 * the owner's, and no stranger's requests from elsewhere can use up their emails (password-reset.ts).
 */
export const knownClientKey = (userId: number, ip: string) => `known-client:${userId}:${ip}`;
const KNOWN_CLIENT_SECONDS = 30 * 24 * 3600;
const rememberClient = (userId: number, client: ClientInfo, now: Date) =>
  record({ key: knownClientKey(userId, client.ip), windowSeconds: KNOWN_CLIENT_SECONDS }, now);

/** A new session family for a sign-in. */
export async function issueSession(
  userId: number,
  role: UserRole,
  client: ClientInfo,
  now = new Date(),
): Promise<IssuedSession> {
  const db = await getDb();
  const [account] = await db.select({ blockedAt: users.blockedAt }).from(users).where(eq(users.id, userId));
  if (account?.blockedAt) throw forbidden('This account is blocked; write to support to have it unblocked.');
  const { token, hash } = newRefreshToken();
  const familyId = randomUUID();
  await db.insert(sessions).values({
    userId,
    familyId,
    tokenHash: hash,
    expiresAt: refreshExpiry(now),
    userAgent: client.userAgent?.slice(0, 300) ?? null,
  });
  await rememberClient(userId, client, now);
  return { body: await tokenResponse(userId, role, familyId, now), refreshToken: token };
}

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

/** POST /auth/me: the signed-in user. */
export async function me(viewer: Viewer | null) {
  if (!viewer) throw unauthenticated();
  const db = await getDb();
  const [row] = await db
    .select({ user: users, profileHid: profiles.hid })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, viewer.id));
  if (!row) throw unauthenticated('The account no longer exists.');
  const { user } = row;
  return {
    data: {
      id: user.id,
      hid: user.hid,
      type: 'users' as const,
      attributes: {
        name: user.name,
        email: user.email,
        phone: user.phone,
        role: user.role,
        image_url: user.avatarKey ? mediaUrl(user.avatarKey) : null,
        profile_hid: row.profileHid ?? '',
        // Accounts made by phone have no password until they set one (without an old one).
        has_password: user.passwordHash !== null,
        locale: user.locale,
      },
      relationships: {},
    },
  };
}

/** Live sessions of a user (for tests and a future "devices" screen). */
export async function activeSessionCount(userId: number, now = new Date()): Promise<number> {
  const db = await getDb();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        isNull(sessions.rotatedAt),
        gt(sessions.expiresAt, now),
      ),
    );
  return rows.length;
}
