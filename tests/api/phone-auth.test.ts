import { describe, expect, it } from 'vitest';
import { POST as me } from '@/app/api/v1/auth/me/route';
import { POST as checkCode } from '@/app/api/v1/auth/phoneVerification/checkCode/route';
import { POST as create } from '@/app/api/v1/auth/phoneVerification/create/route';
import { GET as current } from '@/app/api/v1/auth/phoneVerification/route';
import { GET as outbox } from '@/app/api/v1/test/sms-outbox/route';
import { checkCode as checkCodeAt, createVerification } from '@/lib/server/accounts/phone-auth';
import { call, apiDatabaseForFile } from '../support/api';

apiDatabaseForFile({ SMS_DRIVER: 'outbox' });

const client = { ip: 'test', userAgent: null };
let phoneCounter = 0;
const freshPhone = () => `+7914${String(1_000_000 + ++phoneCounter).slice(1)}`;

async function lastCode(phone: string): Promise<string> {
  const { body } = await call(outbox, `/api/v1/test/sms-outbox?phone=${encodeURIComponent(phone)}`);
  return /(\d{6})/.exec(body.data[0].text)![1];
}

describe('phone sign-in', () => {
  it('sends a code (never in the answer), remembers the verification and signs in a new user', async () => {
    const phone = freshPhone();
    const created = await call(create, '/api/v1/auth/phoneVerification/create', { json: { phone } });
    expect(created.status).toBe(201);
    const verification = created.body.phone_verification;
    expect(verification).toEqual({
      id: expect.any(String),
      phone,
      expires_at: expect.any(String),
      resend_after: expect.any(String),
      attempts_left: 5,
    });
    expect(JSON.stringify(created.body)).not.toMatch(/\b\d{6}\b/);
    expect(new Date(verification.expires_at).getTime() - Date.now()).toBeGreaterThan(290_000);

    const cookie = /sopka_phone_verification=([^;]+)/.exec(created.headers.get('set-cookie') ?? '')![1];
    const remembered = await call(current, '/api/v1/auth/phoneVerification', {
      headers: { cookie: `sopka_phone_verification=${cookie}` },
    });
    expect(remembered.body.phone_verification.id).toBe(verification.id);

    const code = await lastCode(phone);
    const signedIn = await call(checkCode, '/api/v1/auth/phoneVerification/checkCode', {
      json: { id: verification.id, code },
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.token_type).toBe('bearer');
    expect(signedIn.headers.get('set-cookie')).toMatch(/sopka_session=/);
    const user = await call(me, '/api/v1/auth/me', {
      method: 'POST',
      headers: { authorization: `Bearer ${signedIn.body.token}` },
    });
    expect(user.body.data.attributes.phone).toBe(phone);

    // The same code cannot be used twice.
    expect(
      (await call(checkCode, '/api/v1/auth/phoneVerification/checkCode', { json: { id: verification.id, code } }))
        .status,
    ).toBe(422);
  });

  it('signs the same phone into the same account next time', async () => {
    const phone = freshPhone();
    const ids: number[] = [];
    for (let round = 0; round < 2; round++) {
      const now = new Date(Date.now() + round * 120_000);
      const { phone_verification } = await createVerification(phone, 'ru', client, now);
      const session = await checkCodeAt(phone_verification.id, await lastCode(phone), client, now);
      const profile = await call(me, '/api/v1/auth/me', {
        method: 'POST',
        headers: { authorization: `Bearer ${session.body.token}` },
      });
      ids.push(profile.body.data.id);
    }
    expect(ids[0]).toBe(ids[1]);
  });

  it('counts wrong codes down and dies at the fifth', async () => {
    const phone = freshPhone();
    const { body } = await call(create, '/api/v1/auth/phoneVerification/create', { json: { phone } });
    const { id } = body.phone_verification;
    const code = await lastCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await call(checkCode, '/api/v1/auth/phoneVerification/checkCode', { json: { id, code: wrong } });
      expect(answer.status).toBe(422);
      expect(answer.body.errors.code[0]).toMatch(
        attempt < 5 ? new RegExp(`${5 - attempt} attempts left`) : /Too many wrong codes/,
      );
    }
    const late = await call(checkCode, '/api/v1/auth/phoneVerification/checkCode', { json: { id, code } });
    expect(late.status).toBe(422);
    expect(late.body.errors.code[0]).toMatch(/Too many wrong codes/);
  });

  it('expires after five minutes', async () => {
    const phone = freshPhone();
    const start = new Date();
    const { phone_verification } = await createVerification(phone, 'en', client, start);
    const code = await lastCode(phone);
    await expect(
      checkCodeAt(phone_verification.id, code, client, new Date(start.getTime() + 301_000)),
    ).rejects.toMatchObject({
      status: 422,
      errors: { code: ['The code has expired. Ask for a new one.'] },
    });
  });

  it('sends no new code within a minute (429 with Retry-After), and does after it', async () => {
    const phone = freshPhone();
    const first = await call(create, '/api/v1/auth/phoneVerification/create', { json: { phone } });
    const again = await call(create, '/api/v1/auth/phoneVerification/create', { json: { phone } });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(50);
    const later = await createVerification(phone, 'ru', client, new Date(Date.now() + 61_000));
    expect(later.phone_verification.id).not.toBe(first.body.phone_verification.id);
  });

  it('writes the message in the request language', async () => {
    const phone = freshPhone();
    await call(create, '/api/v1/auth/phoneVerification/create?locale=zh-CN', { json: { phone } });
    const { body } = await call(outbox, `/api/v1/test/sms-outbox?phone=${encodeURIComponent(phone)}`);
    expect(body.data[0].text).toMatch(/登录验证码/);
  });

  it('refuses phone numbers that are not E.164 and malformed codes', async () => {
    for (const phone of ['89141234567', '+7 914 123', 'abc', '+0123456789']) {
      const { status, body } = await call(create, '/api/v1/auth/phoneVerification/create', { json: { phone } });
      expect(status).toBe(422);
      expect(body.errors).toHaveProperty('phone');
    }
    const bad = await call(checkCode, '/api/v1/auth/phoneVerification/checkCode', { json: { id: 'x', code: '12' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['code', 'id']);
  });

  it('answers 200 with no verification when this browser has none in progress (the page asks on every visit)', async () => {
    const none = await call(current, '/api/v1/auth/phoneVerification');
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ phone_verification: null });
  });
});
