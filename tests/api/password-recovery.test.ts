import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/v1/auth/login/route';
import { POST as forgot } from '@/app/api/v1/auth/password/forgot/route';
import { POST as reset } from '@/app/api/v1/auth/password/reset/route';
import { POST as refresh } from '@/app/api/v1/auth/refresh/route';
import { GET as emailOutbox } from '@/app/api/v1/test/email-outbox/route';
import { GET as userBookings } from '@/app/api/v1/users/[id]/bookings/route';
import { register } from '@/lib/server/accounts/email-sign-in';
import { FORGOT_EMAILS_PER_ADDRESS } from '@/lib/server/accounts/password-reset';
import { emailQueue, passwordResets, users } from '@/lib/server/db/schema';
import { peerHeadersForTests } from '@/lib/server/ops/peer-address';
import { drainEmailQueue } from '@/lib/server/mail/queue';
import { call, apiDatabaseForFile } from '../support/api';

const database = apiDatabaseForFile({ EMAIL_DRIVER: 'outbox', SITE_URL: 'https://sopka.example' });

const PASSWORD = 'tide-pools-at-dawn';
const NEW_PASSWORD = 'lighthouse-on-tokarevsky';
let addresses = 0;
const fromNewClient = () => peerHeadersForTests(`203.0.113.${++addresses}`);
const sessionCookie = (headers: Headers) => /sopka_session=([^;]*)/.exec(headers.get('set-cookie') ?? '')?.[1];

let accounts = 0;
async function newAccount(language: 'ru' | 'en' | 'zh' = 'ru') {
  const email = `recovery-${++accounts}@example.com`;
  const issued = await register(
    { name: 'Вера', email, password: PASSWORD, passwordConfirm: PASSWORD, acceptPolicy: true },
    { ip: `register-${accounts}`, userAgent: null },
    language,
  );
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  return { user, email, token: issued.body.token, cookie: issued.refreshToken };
}

const askForLink = (email: string, headers: Record<string, string> = fromNewClient()) =>
  call(forgot, '/api/v1/auth/password/forgot', { json: { email }, headers });

async function inbox(to: string) {
  await drainEmailQueue();
  const { status, body } = await call(emailOutbox, `/api/v1/test/email-outbox?to=${encodeURIComponent(to)}`);
  expect(status).toBe(200);
  return body.data as { subject: string; text: string; html: string; attachments: unknown[] }[];
}

/** The token of the newest reset link in the account's inbox, and the link itself. */
async function resetLink(email: string) {
  const [message] = (await inbox(email)).filter((m) => /\/login\/reset\?token=/.test(m.text));
  const link = /(https:\/\/sopka\.example\S*\/login\/reset\?token=[\w-]+)/.exec(message.text)![1];
  return { link, token: new URL(link).searchParams.get('token')!, message };
}

const resetWith = (token: string, password = NEW_PASSWORD, passwordConfirm = password) =>
  call(reset, '/api/v1/auth/password/reset', { json: { token, password, passwordConfirm }, headers: fromNewClient() });

const signIn = (email: string, password: string, headers: Record<string, string> = fromNewClient()) =>
  call(login, '/api/v1/auth/login', { json: { email, password }, headers });

describe('POST /auth/password/forgot', () => {
  it('answers 202 for a registered email and mails a link in the account’s language', async () => {
    const { email } = await newAccount('en');
    const answer = await askForLink(email);
    expect(answer.status).toBe(202);
    const { link, message } = await resetLink(email);
    expect(link).toMatch(/^https:\/\/sopka\.example\/en\/login\/reset\?token=/);
    expect(message.subject).toBe('Reset your Sopka password');
    expect(message.html).toContain(`href="${link}"`);
    // Only the hash is stored.
    const rows = await database.db.select().from(passwordResets);
    expect(rows.some((row) => row.tokenHash.includes(new URL(link).searchParams.get('token')!))).toBe(false);
  });

  it('links Russian accounts without a prefix and Chinese ones under /cn', async () => {
    const ru = await newAccount('ru');
    const zh = await newAccount('zh');
    await askForLink(ru.email);
    await askForLink(zh.email);
    expect((await resetLink(ru.email)).link).toMatch(/^https:\/\/sopka\.example\/login\/reset\?token=/);
    const chinese = await resetLink(zh.email);
    expect(chinese.link).toMatch(/^https:\/\/sopka\.example\/cn\/login\/reset\?token=/);
    expect(chinese.message.subject).toBe('重置您的 Sopka 密码');
  });

  it('answers 202 for an unknown email, and nothing is written or sent', async () => {
    const queued = (await database.db.select().from(emailQueue)).length;
    const resets = (await database.db.select().from(passwordResets)).length;
    const answer = await askForLink('nobody-here@example.com');
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ data: { accepted: true } });
    expect((await database.db.select().from(emailQueue)).length).toBe(queued);
    expect((await database.db.select().from(passwordResets)).length).toBe(resets);
    expect(await inbox('nobody-here@example.com')).toEqual([]);
  });

  it('refuses a bad email with 422 naming the field', async () => {
    const answer = await askForLink('not-an-email');
    expect(answer.status).toBe(422);
    expect(answer.contentType).toContain('application/problem+json');
    expect(answer.body.errors.email).toBeDefined();
  });

  it('limits requests per client and per client and address, with 429 and Retry-After', async () => {
    const { email } = await newAccount();
    const stranger = fromNewClient();
    for (let i = 0; i < 5; i++) expect((await askForLink(email, stranger)).status).toBe(202);
    const limited = await askForLink(email, stranger);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client's budget for the address is its own.
    expect((await askForLink(email)).status).toBe(202);

    const client = fromNewClient();
    for (let i = 0; i < 10; i++) expect((await askForLink(`someone-${i}@example.com`, client)).status).toBe(202);
    expect((await askForLink('someone-else@example.com', client)).status).toBe(429);
  });

  it('still mails the owner after strangers hammered the address, and never floods the inbox', async () => {
    const { email } = await newAccount();
    const owner = fromNewClient();
    // The owner has signed in from their client before.
    expect((await signIn(email, PASSWORD, owner)).status).toBe(200);
    // Strangers from other addresses, each to its own limit.
    for (let stranger = 0; stranger < 4; stranger++) {
      const headers = fromNewClient();
      for (let i = 0; i < 5; i++) {
        const answer = await askForLink(email, headers);
        expect(answer.status).toBe(202);
        expect(answer.body).toEqual({ data: { accepted: true } });
      }
    }
    // A few emails reached the address, not twenty.
    const afterStrangers = (await inbox(email)).length;
    expect(afterStrangers).toBe(FORGOT_EMAILS_PER_ADDRESS.max);
    // A new client of nobody's gets the same answer, and nothing more is sent.
    expect((await askForLink(email)).status).toBe(202);
    expect(await inbox(email)).toHaveLength(afterStrangers);

    const own = await askForLink(email, owner);
    expect(own.status).toBe(202);
    expect(await inbox(email)).toHaveLength(afterStrangers + 1);
    const { token } = await resetLink(email);
    expect((await resetWith(token)).status).toBe(200);
    expect((await signIn(email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe('POST /auth/password/reset', () => {
  it('sets the new password, ends every session and access token, and tells the owner', async () => {
    const account = await newAccount();
    const other = await signIn(account.email, PASSWORD);
    expect(other.status).toBe(200);
    await askForLink(account.email);
    const { token } = await resetLink(account.email);

    const done = await resetWith(token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ data: { reset: true } });

    expect((await signIn(account.email, PASSWORD)).status).toBe(422);
    expect((await signIn(account.email, NEW_PASSWORD)).status).toBe(200);
    // Both earlier sign-ins are over: their access tokens and their refresh cookies.
    for (const bearer of [account.token, other.body.token]) {
      const answer = await call(userBookings, `/api/v1/users/${account.user.id}/bookings`, {
        params: { id: String(account.user.id) },
        headers: { authorization: `Bearer ${bearer}` },
      });
      expect(answer.status).toBe(401);
    }
    const refreshed = await call(refresh, '/api/v1/auth/refresh', {
      method: 'POST',
      headers: { cookie: `sopka_session=${sessionCookie(other.headers)}` },
    });
    expect(refreshed.status).toBe(401);
    const [changed] = await inbox(account.email);
    expect(changed.subject).toBe('Пароль в Сопке изменён');
  });

  it('takes a token once', async () => {
    const { email } = await newAccount();
    await askForLink(email);
    const { token } = await resetLink(email);
    expect((await resetWith(token)).status).toBe(200);
    const again = await resetWith(token, 'another-fine-password');
    expect(again.status).toBe(422);
    expect(again.body.errors.token).toEqual(['This link has already been used. Ask for a new one.']);
    expect((await signIn(email, 'another-fine-password')).status).toBe(422);
  });

  it('refuses a token after its hour', async () => {
    const { email, user } = await newAccount();
    await askForLink(email);
    const { token } = await resetLink(email);
    await database.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const late = await resetWith(token);
    expect(late.status).toBe(422);
    expect(late.body.errors.token).toEqual(['This link has expired. Ask for a new one.']);
    expect((await signIn(email, PASSWORD)).status).toBe(200);
  });

  it('refuses unknown tokens, mismatched or weak passwords with 422 per field', async () => {
    const unknown = await resetWith('x'.repeat(43));
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.token).toEqual(['This link is not valid. Ask for a new one.']);

    const { email } = await newAccount();
    await askForLink(email);
    const { token } = await resetLink(email);
    expect((await resetWith(token, NEW_PASSWORD, 'something-else-entirely')).body.errors.passwordConfirm).toBeDefined();
    expect((await resetWith(token, 'short')).body.errors.password).toBeDefined();
    const common = await resetWith(token, 'qwertyuiop');
    expect(common.status).toBe(422);
    expect(common.body.errors.password).toBeDefined();
    const missing = await call(reset, '/api/v1/auth/password/reset', { json: {}, headers: fromNewClient() });
    expect(missing.status).toBe(422);
    // None of those spent the token.
    expect((await resetWith(token)).status).toBe(200);
  });
});
