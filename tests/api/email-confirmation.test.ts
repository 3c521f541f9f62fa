import { createHash } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as me } from '@/app/api/v1/auth/me/route';
import { POST as checkCode } from '@/app/api/v1/auth/phoneVerification/checkCode/route';
import { POST as createVerification } from '@/app/api/v1/auth/phoneVerification/create/route';
import { POST as register } from '@/app/api/v1/auth/register/route';
import { POST as cancel } from '@/app/api/v1/bookings/[hid]/cancel/route';
import { GET as ideaDetail } from '@/app/api/v1/ideas/[id]/route';
import { GET as emailOutbox } from '@/app/api/v1/test/email-outbox/route';
import { GET as smsOutbox } from '@/app/api/v1/test/sms-outbox/route';
import { GET as getEmail, POST as requestEmail } from '@/app/api/v1/users/[id]/email/route';
import { POST as confirmEmailRoute } from '@/app/api/v1/users/[id]/email/confirm/route';
import { confirmEmail, requestEmailConfirmation } from '@/lib/server/accounts/email-confirmation';
import { emailConfirmations, emailQueue, users } from '@/lib/server/db/schema';
import { SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { drainEmailQueue, enqueueEmail, RECIPIENT_CAP } from '@/lib/server/mail/queue';
import { call, apiDatabaseForFile } from '../support/api';
import { patchUserAs } from '../support/users';
import { GUEST_CONTACT, postBooking } from '../support/bookings';

const database = apiDatabaseForFile({
  EMAIL_DRIVER: 'outbox',
  SMS_DRIVER: 'outbox',
  SITE_URL: 'https://sopka.example',
  LOG_LEVEL: 'silent',
});

let counter = 0;
const freshPhone = () => `+7924${String(2_000_000 + ++counter).slice(1)}`;
const freshEmail = (tag: string) => `${tag}-${++counter}@example.com`;

interface Account {
  id: number;
  hid: string;
  auth: { authorization: string };
}

async function accountOf(token: string): Promise<Account> {
  const auth = { authorization: `Bearer ${token}` };
  const { body } = await call(me, '/api/v1/auth/me', { method: 'POST', headers: auth });
  return { id: body.data.id, hid: body.data.hid, auth };
}

/** A new account made by phone sign-in: it has no email. */
async function phoneAccount(): Promise<Account> {
  const phone = freshPhone();
  // This file signs in many phone accounts from one client; the client's SMS limit is not what it tests.
  await database.db.execute(sql`delete from rate_limits where key like 'sms:ip:%'`);
  const created = await call(createVerification, '/api/v1/auth/phoneVerification/create', { json: { phone } });
  expect(created.status).toBe(201);
  const sms = await call(smsOutbox, `/api/v1/test/sms-outbox?phone=${encodeURIComponent(phone)}`);
  const code = /(\d{6})/.exec(sms.body.data[0].text)![1];
  const signedIn = await call(checkCode, '/api/v1/auth/phoneVerification/checkCode', {
    json: { id: created.body.phone_verification.id, code },
  });
  expect(signedIn.status).toBe(200);
  return accountOf(signedIn.body.token);
}

async function emailAccount(email: string): Promise<Account> {
  const password = 'a-long-unusual-password-37';
  const { status, body } = await call(register, '/api/v1/auth/register', {
    json: { name: 'Почта', email, password, passwordConfirm: password, acceptPolicy: true },
  });
  expect(status).toBe(201);
  return accountOf(body.token);
}

async function inbox(to: string) {
  const { body } = await call(emailOutbox, `/api/v1/test/email-outbox?to=${encodeURIComponent(to)}`);
  return body.data as { subject: string; text: string; attachments: unknown[] }[];
}

const askForLink = (account: Account, email: string) =>
  call(requestEmail, `/api/v1/users/${account.id}/email`, {
    method: 'POST',
    params: { id: String(account.id) },
    headers: account.auth,
    json: { email },
  });
const confirmWith = (account: Account, token: string, id = String(account.id)) =>
  call(confirmEmailRoute, `/api/v1/users/${id}/email/confirm`, {
    method: 'POST',
    params: { id },
    headers: account.auth,
    json: { token },
  });
const emailOf = async (id: number) =>
  (await database.db.select({ email: users.email }).from(users).where(eq(users.id, id)))[0].email;

/** The token of the newest confirmation link mailed to an address. */
async function linkToken(to: string): Promise<string> {
  await drainEmailQueue();
  const [message] = await inbox(to);
  expect(message.subject).toBe('Подтвердите почту для Сопки');
  return /\/account\/main\/email\?token=([\w-]+)/.exec(message.text)![1];
}

/** A future departure of a published idea (the seeded authors are not the travellers here). */
async function departure(skip = 0) {
  const index = SEED_IDEAS.map((idea, i) => ({ idea, i }))
    .filter(({ idea }) => idea.status === 'published' && idea.price !== null && idea.maxPersons >= 2)
    .map(({ i }) => i + 1)[skip];
  const { body } = await call(ideaDetail, `/api/v1/ideas/${index}`, { params: { id: String(index) } });
  return { ideaId: index, dateId: body.data.relationships.futureDates.data[0].id as number };
}

const bookOne = (account: Account, ideaId: number, dateId: number, contactEmail?: string) =>
  postBooking(account.auth, ideaId, dateId, {
    contact: { ...GUEST_CONTACT, ...(contactEmail ? { email: contactEmail } : {}) },
  });

describe('confirming an email for an account made by phone', () => {
  it('sends only the link, and the address becomes the account’s email only once the link is opened', async () => {
    const account = await phoneAccount();
    const address = freshEmail('phone-owner');
    const empty = await call(getEmail, `/api/v1/users/me/email`, { params: { id: 'me' }, headers: account.auth });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ email: null, pending_email: null, link: null });

    const requested = await askForLink(account, address);
    expect(requested.status).toBe(200);
    expect(requested.body.data).toMatchObject({ email: null, pending_email: address });
    expect(new Date(requested.body.data.link.expires_at).getTime() - Date.now()).toBeGreaterThan(23 * 3600 * 1000);
    expect(await emailOf(account.id)).toBeNull();

    const token = await linkToken(address);
    // Stored hashed: the table never holds the token itself.
    const rows = await database.db.select().from(emailConfirmations).where(eq(emailConfirmations.userId, account.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);

    // While it waits, a booking with the address as its contact email mails nothing to it.
    const { ideaId, dateId } = await departure(0);
    expect((await bookOne(account, ideaId, dateId, address)).status).toBe(201);
    await drainEmailQueue();
    expect(await inbox(address)).toHaveLength(1);

    const confirmed = await confirmWith(account, token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({ email: address, pending_email: null, link: null });
    expect(await emailOf(account.id)).toBe(address);

    // Now the booking emails go to the confirmed address, and never to another contact email.
    const other = freshEmail('typed-contact');
    const second = await departure(1);
    const booked = await bookOne(account, second.ideaId, second.dateId, other);
    expect(booked.status).toBe(201);
    await drainEmailQueue();
    const [confirmation] = await inbox(address);
    expect(confirmation.subject).toMatch(/^Бронирование подтверждено/);
    expect(confirmation.attachments).toHaveLength(1);
    expect(await inbox(other)).toEqual([]);
  });

  it('never uses a link twice, nor for another account', async () => {
    const owner = await phoneAccount();
    const stranger = await phoneAccount();
    const address = freshEmail('single-use');
    expect((await askForLink(owner, address)).status).toBe(200);
    const token = await linkToken(address);

    // Another account, with its own id or naming the owner's: refused, and the link stays the owner's.
    const foreign = await confirmWith(stranger, token);
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.token[0]).toMatch(/not valid/);
    expect((await confirmWith(stranger, token, String(owner.id))).status).toBe(403);
    expect(await emailOf(stranger.id)).toBeNull();
    expect(await emailOf(owner.id)).toBeNull();

    expect((await confirmWith(owner, token)).status).toBe(200);
    const again = await confirmWith(owner, token);
    expect(again.status).toBe(422);
    expect(again.body.errors.token[0]).toMatch(/already been used/);
    expect(await emailOf(owner.id)).toBe(address);
  });

  it('lets a link expire after a day', async () => {
    const account = await phoneAccount();
    const address = freshEmail('expiring');
    const viewer = { id: account.id, role: 'user' as const, sessionId: 'test' };
    const client = { ip: '203.0.113.7', userAgent: null };
    await requestEmailConfirmation(String(account.id), address, 'ru', viewer, client);
    const token = await linkToken(address);
    const tomorrow = new Date(Date.now() + 24 * 3600 * 1000 + 1000);
    await expect(confirmEmail(String(account.id), token, viewer, client, tomorrow)).rejects.toMatchObject({
      status: 422,
      errors: { token: [expect.stringMatching(/expired/)] },
    });
    expect(await emailOf(account.id)).toBeNull();
  });

  it('refuses an address another account has, and one confirmed by another account meanwhile', async () => {
    const holder = await emailAccount(freshEmail('holder'));
    const holderEmail = (await emailOf(holder.id))!;
    const account = await phoneAccount();
    const taken = await askForLink(account, holderEmail);
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email[0]).toMatch(/another account/);
    expect(await inbox(holderEmail)).toEqual([]);

    const contested = freshEmail('contested');
    const first = await phoneAccount();
    const second = await phoneAccount();
    expect((await askForLink(first, contested)).status).toBe(200);
    const firstToken = await linkToken(contested);
    expect((await askForLink(second, contested)).status).toBe(200);
    const secondToken = await linkToken(contested);
    expect((await confirmWith(second, secondToken)).status).toBe(200);
    const late = await confirmWith(first, firstToken);
    expect(late.status).toBe(422);
    expect(late.body.errors.email[0]).toMatch(/another account/);
    expect(await emailOf(first.id)).toBeNull();
  });

  it('no longer lets PATCH /users/{id} set an email without its link', async () => {
    const account = await phoneAccount();
    const address = freshEmail('patched');
    const patched = await patchUserAs(account.auth, account.id, { email: address });
    expect(patched.status).toBe(422);
    expect(patched.body.errors.email[0]).toMatch(/POST \/users\/\{id\}\/email/);
    expect(await emailOf(account.id)).toBeNull();
  });

  it('counts an email-registered account’s address as confirmed, as sign-in and recovery always have', async () => {
    const address = freshEmail('registered');
    const account = await emailAccount(address);
    const { body } = await call(getEmail, `/api/v1/users/${account.hid}/email`, {
      params: { id: account.hid },
      headers: account.auth,
    });
    expect(body.data).toEqual({ email: address, pending_email: null, link: null });
    expect((await askForLink(account, address)).body.errors.email[0]).toMatch(/already yours/);
  });
});

describe('asking for links cannot flood an address', () => {
  it('allows one link a minute and five an hour per account', async () => {
    const account = await phoneAccount();
    const address = freshEmail('resend');
    expect((await askForLink(account, address)).status).toBe(200);
    const tooSoon = await askForLink(account, address);
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.contentType).toContain('application/problem+json');
    expect(Number(tooSoon.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(tooSoon.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    const viewer = { id: account.id, role: 'user' as const, sessionId: 'test' };
    const client = { ip: '203.0.113.8', userAgent: null };
    const minutes = (n: number) => new Date(Date.now() + n * 61_000);
    const results: number[] = [];
    for (let n = 1; n <= 5; n++) {
      results.push(
        await requestEmailConfirmation(String(account.id), freshEmail('per-account'), 'ru', viewer, client, minutes(n))
          .then(() => 200)
          .catch((error: { status: number }) => error.status),
      );
    }
    // The first link above and four more make five; the sixth within the hour is refused.
    expect(results).toEqual([200, 200, 200, 200, 429]);
  });

  it('sends one address at most three links an hour, whichever accounts ask', async () => {
    const address = freshEmail('victim');
    const statuses: number[] = [];
    for (let n = 0; n < 5; n++) statuses.push((await askForLink(await phoneAccount(), address)).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    await drainEmailQueue();
    expect(await inbox(address)).toHaveLength(3);
  });
});

describe('the per-recipient cap of the email queue', () => {
  const notification = (to: string, n: number) => ({
    kind: 'booking-received',
    to,
    subject: `News ${n}`,
    text: 'Hello',
    html: '<p>Hello</p>',
  });

  it(`sends an address at most ${RECIPIENT_CAP.max} unrequested emails an hour, from any number of workers`, async () => {
    await drainEmailQueue();
    const address = freshEmail('capped');
    for (let n = 0; n < 12; n++) await enqueueEmail(database.db, notification(address, n));
    // Emails the address asked for itself are not capped.
    await enqueueEmail(database.db, { ...notification(address, 99), kind: 'password-reset', subject: 'Reset' });
    const [a, b] = await Promise.all([drainEmailQueue(), drainEmailQueue()]);
    expect(a.sent + b.sent).toBe(RECIPIENT_CAP.max + 1);
    expect((a.skipped ?? 0) + (b.skipped ?? 0)).toBe(12 - RECIPIENT_CAP.max);
    const received = await inbox(address);
    expect(received).toHaveLength(RECIPIENT_CAP.max + 1);
    expect(received.map((m) => m.subject)).toContain('Reset');

    // The dropped rows are kept, marked skipped, and never tried again.
    const rows = await database.db.select().from(emailQueue).where(eq(emailQueue.recipient, address));
    const skipped = rows.filter((row) => row.skippedAt !== null);
    expect(skipped).toHaveLength(12 - RECIPIENT_CAP.max);
    expect(skipped.every((row) => row.sentAt === null && row.failedAt !== null)).toBe(true);
    expect(skipped[0].lastError).toMatch(/^skipped/);
    expect(await drainEmailQueue()).toEqual({ sent: 0, failed: 0 });
    // A new hour: the address gets news again.
    await enqueueEmail(database.db, notification(address, 100));
    const nextHour = new Date(Date.now() + RECIPIENT_CAP.windowSeconds * 1000 + 1000);
    expect(await drainEmailQueue({ now: () => nextHour })).toEqual({ sent: 1, failed: 0 });
  });

  it('caps what a booking-and-cancelling account sends the guide', async () => {
    await drainEmailQueue();
    const { ideaId, dateId } = await departure(2);
    const guideId = SEED_IDEAS[ideaId - 1].author + 1;
    const guideEmail = (await emailOf(guideId))!;
    // Several accounts (each within its own booking limits) book and cancel the same trip.
    for (let n = 0; n < 4; n++) {
      const account = await phoneAccount();
      for (let round = 0; round < 2; round++) {
        const booked = await bookOne(account, ideaId, dateId);
        if (booked.status !== 201) continue;
        await call(cancel, `/api/v1/bookings/${booked.body.data.hid}/cancel`, {
          method: 'POST',
          params: { hid: booked.body.data.hid },
          headers: account.auth,
        });
      }
    }
    const rows = await database.db
      .select({ id: emailQueue.id })
      .from(emailQueue)
      .where(inArray(emailQueue.recipient, [guideEmail]));
    expect(rows.length).toBeGreaterThan(RECIPIENT_CAP.max);
    await drainEmailQueue();
    expect((await inbox(guideEmail)).length).toBeLessThanOrEqual(RECIPIENT_CAP.max);
  });
});
