import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/v1/auth/login/route';
import { POST as logout } from '@/app/api/v1/auth/logout/route';
import { POST as refresh } from '@/app/api/v1/auth/refresh/route';
import { GET as userBookings } from '@/app/api/v1/users/[id]/bookings/route';
import { PATCH as setPassword } from '@/app/api/v1/users/[id]/setPassword/route';
import { jwtSecret } from '@/lib/server/accounts/secret';
import { rowsOf } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { SEED_AUTHORS } from '@/lib/server/demo/content/ideas';
import { users } from '@/lib/server/db/schema';
import { toProblem } from '@/lib/server/http/problem';
import { REFRESH_REUSE_GRACE_SECONDS } from '@/lib/constants';
import { createUserWithProfile } from '@/lib/server/accounts/create-user';
import { refresh as refreshSession } from '@/lib/server/accounts/refresh-session';
import { register } from '@/lib/server/accounts/email-sign-in';
import { call, apiDatabaseForFile } from '../support/api';

const database = apiDatabaseForFile();

const PASSWORD = 'tide-pools-at-dawn';
const client = { ip: 'sessions-test', userAgent: null };
const sessionCookie = (headers: Headers) => /sopka_session=([^;]*)/.exec(headers.get('set-cookie') ?? '')?.[1];
const withCookie = (token: string) => ({ cookie: `sopka_session=${token}` });

/** A fresh account (registered through the service, so per-IP limits of the route do not interfere). */
let accounts = 0;
async function newAccount() {
  const email = `session-${++accounts}@example.com`;
  const issued = await register(
    { name: 'Вера', email, password: PASSWORD, passwordConfirm: PASSWORD, acceptPolicy: true },
    { ...client, ip: `register-${accounts}` },
  );
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  return { user, email, token: issued.body.token, cookie: issued.refreshToken };
}

async function signIn(email: string) {
  const { status, body, headers } = await call(login, '/api/v1/auth/login', { json: { email, password: PASSWORD } });
  expect(status).toBe(200);
  return { token: body.token as string, cookie: sessionCookie(headers)! };
}

/** An endpoint that needs a signed-in owner: 200 while the bearer is good. */
const bookingsStatus = async (userId: number, token: string) =>
  (
    await call(userBookings, `/api/v1/users/${userId}/bookings`, {
      params: { id: String(userId) },
      headers: { authorization: `Bearer ${token}` },
    })
  ).status;

describe('an access token ends with its session', () => {
  it('stops working at logout', async () => {
    const { user, token, cookie } = await newAccount();
    expect(await bookingsStatus(user.id, token)).toBe(200);
    expect((await call(logout, '/api/v1/auth/logout', { method: 'POST', headers: withCookie(cookie) })).status).toBe(
      204,
    );
    expect(await bookingsStatus(user.id, token)).toBe(401);
  });

  it('stops working at logout with only the bearer token, and ends nothing but its own session', async () => {
    const { user, email, token: laptop, cookie: laptopCookie } = await newAccount();
    const phone = await signIn(email);
    const logoutWith = (headers: Record<string, string>) =>
      call(logout, '/api/v1/auth/logout', { method: 'POST', headers });
    expect((await logoutWith({ authorization: `Bearer ${laptop}` })).status).toBe(204);
    expect(await bookingsStatus(user.id, laptop)).toBe(401);
    // Its refresh token belongs to the same session: it cannot bring the token back.
    expect(
      (await call(refresh, '/api/v1/auth/refresh', { method: 'POST', headers: withCookie(laptopCookie) })).status,
    ).toBe(401);
    // The account's other device goes on.
    expect(await bookingsStatus(user.id, phone.token)).toBe(200);

    // Someone else's token, even presented with a cookie of another account, ends only the session it names.
    const other = await newAccount();
    const otherPhone = await signIn(other.email);
    expect((await logoutWith({ authorization: `Bearer ${other.token}`, ...withCookie(phone.cookie) })).status).toBe(
      204,
    );
    expect(await bookingsStatus(other.user.id, other.token)).toBe(401);
    expect(await bookingsStatus(user.id, phone.token)).toBe(401);
    expect(await bookingsStatus(other.user.id, otherPhone.token)).toBe(200);

    // A token naming a session of another user (validly signed) ends nothing: the session must be its user's own.
    const third = await newAccount();
    const { sid } = JSON.parse(Buffer.from(otherPhone.token.split('.')[1], 'base64url').toString());
    const crossed = await new SignJWT({ role: third.user.role, sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(third.user.id))
      .setIssuer('sopka')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(jwtSecret());
    expect((await logoutWith({ authorization: `Bearer ${crossed}` })).status).toBe(204);
    expect(await bookingsStatus(other.user.id, otherPhone.token)).toBe(200);
    expect(await bookingsStatus(third.user.id, third.token)).toBe(200);
  });

  it('stops working on the other devices after a password change, and keeps working on the device that changed it', async () => {
    const { user, email, token: laptop, cookie: laptopCookie } = await newAccount();
    const phone = await signIn(email);
    const changed = await call(setPassword, `/api/v1/users/${user.id}/setPassword`, {
      method: 'PATCH',
      params: { id: String(user.id) },
      headers: { authorization: `Bearer ${laptop}`, ...withCookie(laptopCookie) },
      json: { oldPassword: PASSWORD, password: 'new-tide-pools-2', passwordConfirm: 'new-tide-pools-2' },
    });
    expect(changed.status).toBe(200);
    expect(await bookingsStatus(user.id, phone.token)).toBe(401);
    expect(await bookingsStatus(user.id, laptop)).toBe(200);
  });

  it('stops working when a reused refresh token closes the session family', async () => {
    const { user, token, cookie } = await newAccount();
    const rotated = await call(refresh, '/api/v1/auth/refresh', { method: 'POST', headers: withCookie(cookie) });
    expect(rotated.status).toBe(200);
    const afterWindow = new Date(Date.now() + (REFRESH_REUSE_GRACE_SECONDS + 1) * 1000);
    await expect(refreshSession(cookie, client, afterWindow)).rejects.toMatchObject({ status: 401 });
    expect(await bookingsStatus(user.id, token)).toBe(401);
    expect(await bookingsStatus(user.id, rotated.body.token)).toBe(401);
  });

  it('stops working when the role changes, and a refresh hands out a token of the new role', async () => {
    const { user, token, cookie } = await newAccount();
    await database.db.update(users).set({ role: 'moderator' }).where(eq(users.id, user.id));
    expect(await bookingsStatus(user.id, token)).toBe(401);
    const renewed = await call(refresh, '/api/v1/auth/refresh', { method: 'POST', headers: withCookie(cookie) });
    expect(renewed.status).toBe(200);
    expect(await bookingsStatus(user.id, renewed.body.token)).toBe(200);
  });

  it('stops working when the account is deleted', async () => {
    const { user, token } = await newAccount();
    await database.db.delete(users).where(eq(users.id, user.id));
    expect(await bookingsStatus(user.id, token)).toBe(401);
  });

  it('refuses a correctly signed token without an expiry or without a session', async () => {
    const { user, token } = await newAccount();
    const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString());
    const withoutExp = await new SignJWT({ role: user.role, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('sopka')
      .setIssuedAt()
      .sign(jwtSecret());
    expect(await bookingsStatus(user.id, withoutExp)).toBe(401);
    const withoutSid = await new SignJWT({ role: user.role })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('sopka')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(jwtSecret());
    expect(await bookingsStatus(user.id, withoutSid)).toBe(401);
  });
});

describe('refresh from two tabs at once', () => {
  it('gives both the same new cookie and a working access token', async () => {
    const { user, cookie } = await newAccount();
    const [first, second] = await Promise.all(
      [0, 1].map(() => call(refresh, '/api/v1/auth/refresh', { method: 'POST', headers: withCookie(cookie) })),
    );
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(sessionCookie(first.headers)).toBe(sessionCookie(second.headers));
    expect(sessionCookie(first.headers)).not.toBe(cookie);
    expect(await bookingsStatus(user.id, first.body.token)).toBe(200);
    expect(await bookingsStatus(user.id, second.body.token)).toBe(200);
    // The shared successor goes on rotating normally.
    expect(
      (
        await call(refresh, '/api/v1/auth/refresh', {
          method: 'POST',
          headers: withCookie(sessionCookie(first.headers)!),
        })
      ).status,
    ).toBe(200);
  });

  it('lets ten concurrent refreshes of one cookie all succeed with one successor', async () => {
    const { cookie } = await newAccount();
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(refresh, '/api/v1/auth/refresh', { method: 'POST', headers: withCookie(cookie) }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(new Set(results.map((r) => sessionCookie(r.headers))).size).toBe(1);
  });

  it('hands a late tab the newest token when the other tab has already rotated twice within the window', async () => {
    const { cookie } = await newAccount();
    const start = new Date();
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    const first = await refreshSession(cookie, client, start);
    const second = await refreshSession(first.refreshToken, client, at(2));
    const late = await refreshSession(cookie, client, at(4));
    expect(late.refreshToken).toBe(second.refreshToken);
  });

  it('still treats the previous token as stolen once the grace window is over', async () => {
    const { user, cookie } = await newAccount();
    const start = new Date();
    const rotated = await refreshSession(cookie, client, start);
    const withinWindow = await refreshSession(
      cookie,
      client,
      new Date(start.getTime() + (REFRESH_REUSE_GRACE_SECONDS - 1) * 1000),
    );
    expect(withinWindow.refreshToken).toBe(rotated.refreshToken);
    await expect(
      refreshSession(cookie, client, new Date(start.getTime() + (REFRESH_REUSE_GRACE_SECONDS + 1) * 1000)),
    ).rejects.toMatchObject({ status: 401 });
    // The whole family is closed: the successor and its access tokens too.
    await expect(
      refreshSession(rotated.refreshToken, client, new Date(start.getTime() + 12_000)),
    ).rejects.toMatchObject({ status: 401 });
    expect(await bookingsStatus(user.id, rotated.body.token)).toBe(401);
  });
});

describe('registration with one email at once', () => {
  it('creates one account and answers the others 422 on the email, never 5xx', async () => {
    const body = {
      name: 'Гонка',
      email: 'race@example.com',
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      acceptPolicy: true as const,
    };
    // The service is called directly with a distinct client each, so the per-IP registration limit stays out of the way.
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        register(body, { ip: `race-${i}`, userAgent: null }).then(
          () => ({ status: 201, errors: undefined }),
          async (error) => {
            const problem = toProblem(error);
            return { status: problem.status, errors: (await problem.json()).errors };
          },
        ),
      ),
    );
    expect(statuses.filter((s) => s.status === 201)).toHaveLength(1);
    const refused = statuses.filter((s) => s.status !== 201);
    expect(refused.map((s) => s.status)).toEqual(Array(19).fill(422));
    for (const { errors } of refused) expect(errors).toHaveProperty('email');
  });

  // Deterministic on PostgreSQL: the other account's row is inserted but not committed while this registration
  // checks the email, so the check passes and the insert then meets the unique index.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'answers 422 when the other registration commits between the check and the insert',
    async () => {
      let commitOther!: () => void;
      const otherMayCommit = new Promise<void>((resolve) => (commitOther = resolve));
      const other = database.db.transaction(async (tx) => {
        await createUserWithProfile(tx, { name: 'Первая', email: 'between@example.com' });
        await otherMayCommit;
      });
      let settled = false;
      const late = register(
        {
          name: 'Вторая',
          email: 'between@example.com',
          password: PASSWORD,
          passwordConfirm: PASSWORD,
          acceptPolicy: true,
        },
        client,
      )
        .then(
          () => 201,
          (error) => toProblem(error).status,
        )
        .finally(() => (settled = true));
      // Wait until the registration's insert waits for the other transaction's row (or it ended some other way).
      for (let waiting = 0; waiting === 0 && !settled;) {
        waiting = rowsOf<{ n: number }>(
          await database.db.execute(sql`select count(*)::int as n from pg_locks where not granted`),
        )[0].n;
      }
      commitOther();
      await other;
      expect(await late).toBe(422);
    },
  );
});

describe('isUniqueViolation', () => {
  it('recognizes a duplicate key of this database driver, and nothing else', async () => {
    const failure = (work: Promise<unknown>) =>
      work.then(
        () => undefined,
        (error: unknown) => error,
      );
    const duplicate = await failure(
      database.db.insert(users).values({ hid: 'dup-1', name: 'Dup', email: SEED_AUTHORS[0].email }),
    );
    expect(isUniqueViolation(duplicate)).toBe(true);
    expect(isUniqueViolation(duplicate, 'users_email_unique')).toBe(true);
    expect(isUniqueViolation(duplicate, 'users_phone_unique')).toBe(false);
    const missingName = await failure(
      database.db.insert(users).values({ hid: 'dup-2', name: null as unknown as string }),
    );
    expect(isUniqueViolation(missingName)).toBe(false);
    expect(isUniqueViolation(new Error('duplicate key'))).toBe(false);
  });
});
