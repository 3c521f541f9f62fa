import { describe, expect, it, vi } from 'vitest';
import { POST as login } from '@/app/api/v1/auth/login/route';
import { POST as logout } from '@/app/api/v1/auth/logout/route';
import { POST as me } from '@/app/api/v1/auth/me/route';
import { POST as refresh } from '@/app/api/v1/auth/refresh/route';
import { POST as register } from '@/app/api/v1/auth/register/route';
import { GET as listIdeas } from '@/app/api/v1/ideas/route';
import { REFRESH_REUSE_GRACE_SECONDS } from '@/lib/constants';
import { verifyAccessToken } from '@/lib/server/accounts/tokens';
import { AUTHOR_PASSWORD, MODERATOR_EMAIL, MODERATOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { refresh as refreshSession } from '@/lib/server/accounts/refresh-session';
import { consume } from '@/lib/server/http/rate-limit';
import { call, apiDatabaseForFile } from '../support/api';

apiDatabaseForFile();

const sessionCookie = (headers: Headers) => /sopka_session=([^;]*)/.exec(headers.get('set-cookie') ?? '')?.[1];
const withCookie = (token: string) => ({ cookie: `sopka_session=${token}` });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

const newUser = (email: string) => ({
  name: 'Анна',
  email,
  password: 'sea-and-hills',
  passwordConfirm: 'sea-and-hills',
  acceptPolicy: true,
});

describe('register', () => {
  it('creates the user and a profile and signs in: token, httpOnly refresh cookie, /auth/me', async () => {
    const { status, body, headers } = await call(register, '/api/v1/auth/register', {
      json: newUser('Anna@Example.com'),
    });
    expect(status).toBe(201);
    expect(body).toEqual({ token: expect.any(String), token_type: 'bearer', expires_in: 86400 });
    const cookie = headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/sopka_session=[\w-]{40,}/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    expect(cookie).toMatch(/Max-Age=1209600/);
    const profile = await call(me, '/api/v1/auth/me', { method: 'POST', headers: bearer(body.token) });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({
      type: 'users',
      attributes: {
        name: 'Анна',
        email: 'anna@example.com',
        role: 'user',
        image_url: null,
        profile_hid: expect.stringMatching(/^[A-Za-z]{6,}$/),
      },
    });
  });

  it('refuses a taken email, a mismatched confirmation, a missing consent and unknown fields, naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [newUser('anna@example.com'), 'email'],
      [{ ...newUser('b@example.com'), passwordConfirm: 'other-password' }, 'passwordConfirm'],
      [{ ...newUser('c@example.com'), acceptPolicy: false }, 'acceptPolicy'],
      [{ ...newUser('d@example.com'), password: 'short', passwordConfirm: 'short' }, 'password'],
      [{ ...newUser('e@example.com'), role: 'admin' }, '_'],
      [{ ...newUser('not-an-email') }, 'email'],
    ];
    for (const [json, field] of cases) {
      const { status, contentType, body } = await call(register, '/api/v1/auth/register', { json });
      expect(status).toBe(422);
      expect(contentType).toContain('application/problem+json');
      expect(Object.keys(body.errors)).toContain(field);
    }
  });

  it('answers 415 to a body that is not JSON', async () => {
    const { status } = await call(register, '/api/v1/auth/register', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
    });
    expect(status).toBe(415);
  });
});

describe('login, refresh, logout', () => {
  const author = SEED_AUTHORS[0];

  it('signs in with the right password only', async () => {
    const wrong = await call(login, '/api/v1/auth/login', {
      json: { email: author.email, password: 'not-the-password' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toHaveProperty('password');
    const right = await call(login, '/api/v1/auth/login', {
      json: { email: author.email.toUpperCase(), password: AUTHOR_PASSWORD },
    });
    expect(right.status).toBe(200);
    expect(await verifyAccessToken(right.body.token)).toEqual({
      userId: 1,
      role: 'user',
      sessionId: expect.any(String),
    });
  });

  it('rotates the refresh token, and one reused after the grace window closes the whole session', async () => {
    const signedIn = await call(login, '/api/v1/auth/login', {
      json: { email: author.email, password: AUTHOR_PASSWORD },
    });
    const first = sessionCookie(signedIn.headers)!;
    const rotated = await call(refresh, '/api/v1/auth/refresh', { method: 'POST', headers: withCookie(first) });
    expect(rotated.status).toBe(200);
    const second = sessionCookie(rotated.headers)!;
    expect(second).not.toBe(first);
    expect(rotated.body.token).toEqual(expect.any(String));

    expect(rotated.headers.get('set-cookie')).toMatch(/sopka_signed_in=1/);

    // Within the grace window the same token would be a second tab; past it, it is a reuse.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (REFRESH_REUSE_GRACE_SECONDS + 1) * 1000);
    const reused = await call(refresh, '/api/v1/auth/refresh', { method: 'POST', headers: withCookie(first) }).finally(
      () => vi.useRealTimers(),
    );
    expect(reused.status).toBe(401);
    // A dead session takes its cookies with it, so neither the login gate nor the browser keeps trying it.
    expect(reused.headers.get('set-cookie')).toMatch(/sopka_session=;.*Max-Age=0/i);
    expect(reused.headers.get('set-cookie')).toMatch(/sopka_signed_in=;.*Max-Age=0/i);
    // The thief's reuse also ends the legitimate newer token of the same family.
    expect((await call(refresh, '/api/v1/auth/refresh', { method: 'POST', headers: withCookie(second) })).status).toBe(
      401,
    );
  });

  it('logout revokes the session and clears the cookie', async () => {
    const signedIn = await call(login, '/api/v1/auth/login', {
      json: { email: author.email, password: AUTHOR_PASSWORD },
    });
    const token = sessionCookie(signedIn.headers)!;
    const out = await call(logout, '/api/v1/auth/logout', { method: 'POST', headers: withCookie(token) });
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toMatch(/sopka_session=;.*Max-Age=0/i);
    expect((await call(refresh, '/api/v1/auth/refresh', { method: 'POST', headers: withCookie(token) })).status).toBe(
      401,
    );
  });

  it('sessions and access tokens expire', async () => {
    const signedIn = await call(login, '/api/v1/auth/login', {
      json: { email: author.email, password: AUTHOR_PASSWORD },
    });
    const later = (seconds: number) => new Date(Date.now() + seconds * 1000);
    expect(await verifyAccessToken(signedIn.body.token, later(86_000))).not.toBeNull();
    expect(await verifyAccessToken(signedIn.body.token, later(86_401))).toBeNull();
    await expect(
      refreshSession(sessionCookie(signedIn.headers), { ip: 'test', userAgent: null }, later(1_209_601)),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('refresh without a cookie and /auth/me without a valid token are 401', async () => {
    expect((await call(refresh, '/api/v1/auth/refresh', { method: 'POST' })).status).toBe(401);
    expect((await call(me, '/api/v1/auth/me', { method: 'POST' })).status).toBe(401);
    expect((await call(me, '/api/v1/auth/me', { method: 'POST', headers: bearer('not.a.jwt') })).status).toBe(401);
  });
});

describe('the moderation queue', () => {
  it('is 403 for a user and lists every not-moderated idea for a moderator', async () => {
    const user = await call(login, '/api/v1/auth/login', {
      json: { email: SEED_AUTHORS[2].email, password: AUTHOR_PASSWORD },
    });
    expect((await call(listIdeas, '/api/v1/ideas?f=not-moderated', { headers: bearer(user.body.token) })).status).toBe(
      403,
    );

    const moderator = await call(login, '/api/v1/auth/login', {
      json: { email: MODERATOR_EMAIL, password: MODERATOR_PASSWORD },
    });
    const queue = await call(listIdeas, '/api/v1/ideas?f=not-moderated&limit=100', {
      headers: bearer(moderator.body.token),
    });
    expect(queue.status).toBe(200);
    expect(queue.body.meta.total).toBe(SEED_IDEAS.filter((i) => i.status === 'not-moderated').length);
    expect(queue.body.data.every((i: any) => i.attributes.status === 'not-moderated')).toBe(true);
  });
});

describe('rate limits', () => {
  it('trigger past the limit and recover when the window ends, shared through the database', async () => {
    const limit = { key: 'test:recovery', max: 3, windowSeconds: 60 };
    const start = new Date();
    for (let i = 0; i < 3; i++) await consume([limit], start);
    await expect(consume([limit], new Date(start.getTime() + 1_000))).rejects.toMatchObject({
      status: 429,
      headers: { 'retry-after': '59' },
    });
    await expect(consume([limit], new Date(start.getTime() + 61_000))).resolves.toBeUndefined();
  });
});
