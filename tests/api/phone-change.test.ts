import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as me } from '@/app/api/v1/auth/me/route';
import { POST as checkCode } from '@/app/api/v1/auth/phoneVerification/checkCode/route';
import { POST as createVerification } from '@/app/api/v1/auth/phoneVerification/create/route';
import { POST as register } from '@/app/api/v1/auth/register/route';
import { GET as outbox } from '@/app/api/v1/test/sms-outbox/route';
import { GET as getPhone, POST as requestPhone } from '@/app/api/v1/users/[id]/phone/route';
import { POST as confirmPhone } from '@/app/api/v1/users/[id]/phone/confirm/route';
import { phoneVerifications, users } from '@/lib/server/db/schema';
import { createUserWithProfile } from '@/lib/server/accounts/create-user';
import { confirmPhoneChange, requestPhoneChange } from '@/lib/server/accounts/phone-change';
import { call, apiDatabaseForFile } from '../support/api';
import { patchUserAs } from '../support/users';

const database = apiDatabaseForFile({ SMS_DRIVER: 'outbox' });

let counter = 0;
const freshPhone = () => `+7924${String(1_000_000 + ++counter).slice(1)}`;

interface Account {
  id: number;
  auth: { authorization: string };
}

async function registerAccount(): Promise<Account> {
  const email = `phone-change-${++counter}@example.com`;
  const password = 'a-long-unusual-password-31';
  const { status, body } = await call(register, '/api/v1/auth/register', {
    json: { name: 'Тест', email, password, passwordConfirm: password, acceptPolicy: true },
  });
  expect(status).toBe(201);
  const auth = { authorization: `Bearer ${body.token}` };
  const user = await call(me, '/api/v1/auth/me', { method: 'POST', headers: auth });
  return { id: user.body.data.id, auth };
}

async function lastCode(phone: string): Promise<string> {
  const { body } = await call(outbox, `/api/v1/test/sms-outbox?phone=${encodeURIComponent(phone)}`);
  return /(\d{6})/.exec(body.data[0].text)![1];
}

/** The number's real owner signs in by SMS: the id of the account that opens. */
async function signInBySms(phone: string): Promise<number> {
  const created = await call(createVerification, '/api/v1/auth/phoneVerification/create', { json: { phone } });
  expect(created.status).toBe(201);
  const signedIn = await call(checkCode, '/api/v1/auth/phoneVerification/checkCode', {
    json: { id: created.body.phone_verification.id, code: await lastCode(phone) },
  });
  expect(signedIn.status).toBe(200);
  const user = await call(me, '/api/v1/auth/me', {
    method: 'POST',
    headers: { authorization: `Bearer ${signedIn.body.token}` },
  });
  return user.body.data.id;
}

const requestNumber = (account: Account, phone: string) =>
  call(requestPhone, `/api/v1/users/${account.id}/phone`, {
    method: 'POST',
    params: { id: String(account.id) },
    headers: account.auth,
    json: { phone },
  });
const confirmNumber = (account: Account, code: string) =>
  call(confirmPhone, `/api/v1/users/${account.id}/phone/confirm`, {
    method: 'POST',
    params: { id: String(account.id) },
    headers: account.auth,
    json: { code },
  });
const wrongCodeFor = (code: string) => (code === '000000' ? '111111' : '000000');

describe('a phone number someone else types in', () => {
  it('PATCH /users/{id} does not attach it: the number owner signs in by SMS into an account of their own', async () => {
    const attacker = await registerAccount();
    const victimPhone = freshPhone();
    const patched = await patchUserAs(attacker.auth, attacker.id, { phone: victimPhone });
    expect(await signInBySms(victimPhone)).not.toBe(attacker.id);
    expect(patched.status).toBe(422);
    expect(patched.body.errors.phone[0]).toMatch(/POST \/users\/\{id\}\/phone/);
  });

  it('waits unconfirmed after POST /users/{id}/phone: the number owner signs in by SMS into an account of their own', async () => {
    const attacker = await registerAccount();
    const victimPhone = freshPhone();
    const requested = await requestNumber(attacker, victimPhone);
    expect(requested.status).toBe(200);
    expect(requested.body.data).toMatchObject({ phone: null, pending_phone: victimPhone, code: { attempts_left: 5 } });
    expect(JSON.stringify(requested.body)).not.toMatch(/\b\d{6}\b/);
    // The code sent to confirm a number does not sign anyone in, and phone sign-in ignores the waiting number.
    const victimId = await signInBySms(victimPhone);
    expect(victimId).not.toBe(attacker.id);
    const holders = await database.db.select({ id: users.id }).from(users).where(eq(users.phone, victimPhone));
    expect(holders).toEqual([{ id: victimId }]);
    const attackerView = await call(getPhone, `/api/v1/users/${attacker.id}/phone`, {
      params: { id: String(attacker.id) },
      headers: attacker.auth,
    });
    expect(attackerView.body.data).toMatchObject({ phone: null, pending_phone: victimPhone });
  });
});

describe('changing the number on the account', () => {
  it('attaches the number once the right code comes back, and phone sign-in then opens this account', async () => {
    const owner = await registerAccount();
    const phone = freshPhone();
    expect((await requestNumber(owner, phone)).status).toBe(200);
    const code = await lastCode(phone);
    expect(code).toMatch(/^\d{6}$/);
    const confirmed = await confirmNumber(owner, code);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.data).toEqual({ phone, pending_phone: null, code: null });
    const shown = await call(getPhone, `/api/v1/users/${owner.id}/phone`, {
      params: { id: String(owner.id) },
      headers: owner.auth,
    });
    expect(shown.body.data.phone).toBe(phone);
    const user = await call(me, '/api/v1/auth/me', { method: 'POST', headers: owner.auth });
    expect(user.body.data.attributes.phone).toBe(phone);
    // The code is used up.
    expect((await confirmNumber(owner, code)).status).toBe(422);
    expect(await signInBySms(phone)).toBe(owner.id);
  });

  it('answers a wrong code with 422 and the attempts left, and the fifth wrong one ends the code', async () => {
    const owner = await registerAccount();
    const phone = freshPhone();
    await requestNumber(owner, phone);
    const code = await lastCode(phone);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await confirmNumber(owner, wrongCodeFor(code));
      expect(answer.status).toBe(422);
      expect(answer.body.errors.code[0]).toMatch(
        attempt < 5 ? new RegExp(`${5 - attempt} attempts left`) : /Too many wrong codes/,
      );
    }
    const late = await confirmNumber(owner, code);
    expect(late.status).toBe(422);
    expect(
      (
        await call(getPhone, `/api/v1/users/${owner.id}/phone`, {
          params: { id: String(owner.id) },
          headers: owner.auth,
        })
      ).body.data.phone,
    ).toBeNull();
  });

  it('refuses a number another account has confirmed, before sending any code', async () => {
    const holderPhone = freshPhone();
    const holderId = await signInBySms(holderPhone);
    const other = await registerAccount();
    const answer = await requestNumber(other, holderPhone);
    expect(answer.status).toBe(422);
    expect(answer.body.errors.phone[0]).toMatch(/belongs to another account/);
    const { body } = await call(outbox, `/api/v1/test/sms-outbox?phone=${encodeURIComponent(holderPhone)}`);
    expect(body.data).toHaveLength(1);
    expect(await signInBySms(holderPhone)).toBe(holderId);
  });

  it('refuses the code when the number was confirmed by another account meanwhile', async () => {
    const phone = freshPhone();
    const late = await registerAccount();
    await requestNumber(late, phone);
    const code = await lastCode(phone);
    const ownerId = await signInBySms(phone);
    const answer = await confirmNumber(late, code);
    expect(answer.status).toBe(422);
    expect(answer.body.errors.phone[0]).toMatch(/belongs to another account/);
    expect(await signInBySms(phone)).toBe(ownerId);
  });

  it('lets one of two accounts confirming one number at once win; the other gets 422, never 500', async () => {
    const phone = freshPhone();
    const [first, second] = [await registerAccount(), await registerAccount()];
    const client = { ip: 'race', userAgent: null };
    await requestPhoneChange(String(first.id), phone, 'ru', { id: first.id, role: 'user' }, client);
    const firstCode = await lastCode(phone);
    await requestPhoneChange(String(second.id), phone, 'ru', { id: second.id, role: 'user' }, client);
    const secondCode = await lastCode(phone);
    const results = await Promise.allSettled([
      confirmPhoneChange(String(first.id), firstCode, { id: first.id, role: 'user' }, client),
      confirmPhoneChange(String(second.id), secondCode, { id: second.id, role: 'user' }, client),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatchObject({
      status: 422,
      errors: { phone: [expect.stringMatching(/belongs to another account/)] },
    });
    const holders = await database.db.select({ id: users.id }).from(users).where(eq(users.phone, phone));
    expect(holders).toHaveLength(1);
  });

  it('lets only the owner see or change the number', async () => {
    const [owner, stranger] = [await registerAccount(), await registerAccount()];
    const path = `/api/v1/users/${owner.id}/phone`;
    expect((await call(getPhone, path, { params: { id: String(owner.id) } })).status).toBe(401);
    expect((await call(getPhone, path, { params: { id: String(owner.id) }, headers: stranger.auth })).status).toBe(403);
    expect(
      (
        await call(requestPhone, path, {
          method: 'POST',
          params: { id: String(owner.id) },
          headers: stranger.auth,
          json: { phone: freshPhone() },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(confirmPhone, `${path}/confirm`, {
          method: 'POST',
          params: { id: String(owner.id) },
          headers: stranger.auth,
          json: { code: '123456' },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await call(requestPhone, path, {
          method: 'POST',
          params: { id: String(owner.id) },
          headers: owner.auth,
          json: { phone: '8914' },
        })
      ).status,
    ).toBe(422);
    const nothingWaiting = await confirmNumber(owner, '123456');
    expect(nothingWaiting.status).toBe(422);
    expect(nothingWaiting.body.errors).toHaveProperty('code');
  });
});

describe('numbers stored before confirmation existed (migration 0012_phone_confirmation)', () => {
  it('keeps the number of an account made by a phone sign-in confirmed and moves a number set through PATCH to pending', async () => {
    const db = database.db;
    const [signUpPhone, patchedPhone, laterSignInPhone] = [freshPhone(), freshPhone(), freshPhone()];
    const created = new Date('2026-03-01T10:00:00Z');
    // As the old code left them: an account made by signing in with its number, an account that typed its number in,
    // and an account whose typed-in number its real owner later signed in with (the takeover this closes).
    const madeByPhone = await createUserWithProfile(db, { name: 'По телефону', phone: signUpPhone });
    const typedIn = await createUserWithProfile(db, {
      name: 'Вписал номер',
      email: `typed-${++counter}@example.com`,
      phone: patchedPhone,
    });
    const takenOver = await createUserWithProfile(db, {
      name: 'Чужой номер',
      email: `taken-${++counter}@example.com`,
      phone: laterSignInPhone,
    });
    await db
      .update(users)
      .set({ createdAt: created })
      .where(inArray(users.id, [madeByPhone.id, typedIn.id, takenOver.id]));
    const verification = (id: string, phone: string, consumedAt: Date) => ({
      id,
      phone,
      codeHash: 'x',
      expiresAt: consumedAt,
      resendAfter: consumedAt,
      consumedAt,
      createdAt: consumedAt,
    });
    await db
      .insert(phoneVerifications)
      .values([
        verification(crypto.randomUUID(), signUpPhone, new Date(created.getTime() - 2_000)),
        verification(crypto.randomUUID(), laterSignInPhone, new Date(created.getTime() + 3 * 86_400_000)),
      ]);

    const migration = readFileSync(
      path.join(process.cwd(), 'lib/server/db/migrations/0012_phone_confirmation.sql'),
      'utf8',
    );
    const dataStep = migration
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('UPDATE "users"'))!;
    await db.execute(sql.raw(dataStep));

    const rows = await db
      .select({ id: users.id, phone: users.phone, pending: users.pendingPhone })
      .from(users)
      .where(inArray(users.id, [madeByPhone.id, typedIn.id, takenOver.id]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(madeByPhone.id)).toMatchObject({ phone: signUpPhone, pending: null });
    expect(byId.get(typedIn.id)).toMatchObject({ phone: null, pending: patchedPhone });
    expect(byId.get(takenOver.id)).toMatchObject({ phone: null, pending: laterSignInPhone });
    expect(await signInBySms(signUpPhone)).toBe(madeByPhone.id);
    expect(await signInBySms(laterSignInPhone)).not.toBe(takenOver.id);
  });
});
