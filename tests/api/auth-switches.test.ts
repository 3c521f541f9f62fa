import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET as getConfig } from '@/app/api/v1/config/route';
import { POST as login } from '@/app/api/v1/auth/login/route';
import { POST as checkCode } from '@/app/api/v1/auth/phoneVerification/checkCode/route';
import { POST as create } from '@/app/api/v1/auth/phoneVerification/create/route';
import { POST as register } from '@/app/api/v1/auth/register/route';
import { POST as forgot } from '@/app/api/v1/auth/password/forgot/route';
import { POST as reset } from '@/app/api/v1/auth/password/reset/route';
import { GET as emailOutbox } from '@/app/api/v1/test/email-outbox/route';
import { GET as outbox } from '@/app/api/v1/test/sms-outbox/route';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS } from '@/lib/server/demo/content/ideas';
import { call, setupApiDatabase } from '../support/api';

let database: Awaited<ReturnType<typeof setupApiDatabase>>;
beforeAll(async () => {
  // This file's process runs with both sign-in methods switched off and the default SMS driver.
  process.env.AUTH_EMAIL = 'false';
  process.env.AUTH_PHONE = 'false';
  delete process.env.SMS_DRIVER;
  delete process.env.EMAIL_DRIVER;
  database = await setupApiDatabase();
});
afterAll(() => database.dispose());

describe('config.auth switches the sign-in methods off in the API too', () => {
  it('announces them off', async () => {
    expect((await call(getConfig, '/api/v1/config')).body.auth).toEqual({ phone_auth: false, email_auth: false });
  });

  it('answers 403 to email sign-in and registration', async () => {
    expect(
      (await call(login, '/api/v1/auth/login', { json: { email: SEED_AUTHORS[0].email, password: AUTHOR_PASSWORD } }))
        .status,
    ).toBe(403);
    const json = {
      name: 'Анна',
      email: 'anna@example.com',
      password: 'sea-and-hills',
      passwordConfirm: 'sea-and-hills',
      acceptPolicy: true,
    };
    expect((await call(register, '/api/v1/auth/register', { json })).status).toBe(403);
  });

  it('answers 403 to phone codes', async () => {
    expect(
      (await call(create, '/api/v1/auth/phoneVerification/create', { json: { phone: '+79141234567' } })).status,
    ).toBe(403);
    expect(
      (
        await call(checkCode, '/api/v1/auth/phoneVerification/checkCode', {
          json: { id: '5f1c7f0e-9a65-4f55-8a59-3d6a4c1e1f00', code: '123456' },
        })
      ).status,
    ).toBe(403);
  });

  it('hides the SMS outbox route unless SMS_DRIVER=outbox', async () => {
    expect((await call(outbox, '/api/v1/test/sms-outbox?phone=%2B79141234567')).status).toBe(404);
  });

  it('hides the email outbox route unless EMAIL_DRIVER=outbox', async () => {
    expect((await call(emailOutbox, '/api/v1/test/email-outbox?to=anna%40demo.sopka.travel')).status).toBe(404);
  });

  it('switches password recovery off with email sign-in', async () => {
    const asked = await call(forgot, '/api/v1/auth/password/forgot', { json: { email: SEED_AUTHORS[0].email } });
    expect(asked.status).toBe(403);
    const password = 'a-long-enough-password';
    const resetAnswer = await call(reset, '/api/v1/auth/password/reset', {
      json: { token: 'x'.repeat(43), password, passwordConfirm: password },
    });
    expect(resetAnswer.status).toBe(403);
  });
});
