import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/v1/auth/login/route';
import { POST as register } from '@/app/api/v1/auth/register/route';
import { PATCH as setPassword } from '@/app/api/v1/users/[id]/setPassword/route';
import { COMMON_PASSWORD_ERROR } from '@/lib/contract/password-rules';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS } from '@/lib/server/demo/content/ideas';
import { users } from '@/lib/server/db/schema';
import { peerHeadersForTests } from '@/lib/server/ops/peer-address';
import { call, apiDatabaseForFile } from '../support/api';

const database = apiDatabaseForFile();

// A client address per request, so the registration limit per client never decides these tests.
let nextAddress = 0;
const fromFreshAddress = () => peerHeadersForTests(`203.0.113.${++nextAddress}`);
const registration = (email: string, password: string) => ({
  name: 'Анна',
  email,
  password,
  passwordConfirm: password,
  acceptPolicy: true,
});

const WEAK = [
  '12345678',
  'password',
  '        ',
  '          ',
  'qwertyuiop',
  'password123',
  'Password123',
  '1234567890',
];

describe('the password policy', () => {
  it.each(WEAK)('refuses %j at registration with 422 on the password field', async (password) => {
    const result = await call(register, '/api/v1/auth/register', {
      json: registration(`weak-${nextAddress}@example.com`, password),
      headers: fromFreshAddress(),
    });
    expect(result.status).toBe(422);
    expect(result.body.errors.password).toEqual(expect.arrayContaining([expect.any(String)]));
  });

  it('says that a long enough but common password is too common', async () => {
    const result = await call(register, '/api/v1/auth/register', {
      json: registration('common@example.com', 'password123'),
      headers: fromFreshAddress(),
    });
    expect(result.body.errors.password).toEqual([COMMON_PASSWORD_ERROR]);
  });

  it('accepts a 10-character password that is not common', async () => {
    const result = await call(register, '/api/v1/auth/register', {
      json: registration('fine@example.com', 'bay-of-7-x'),
      headers: fromFreshAddress(),
    });
    expect(result.status).toBe(201);
  });

  it.each(WEAK)('refuses %j as a new password with 422 and keeps the old one', async (password) => {
    const email = SEED_AUTHORS[0].email;
    const signedIn = await call(login, '/api/v1/auth/login', {
      json: { email, password: AUTHOR_PASSWORD },
      headers: fromFreshAddress(),
    });
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const result = await call(setPassword, `/api/v1/users/${user.id}/setPassword`, {
      method: 'PATCH',
      params: { id: String(user.id) },
      headers: { authorization: `Bearer ${signedIn.body.token}` },
      json: { oldPassword: AUTHOR_PASSWORD, password, passwordConfirm: password },
    });
    expect(result.status).toBe(422);
    expect(result.body.errors.password).toEqual(expect.arrayContaining([expect.any(String)]));
    expect(
      (
        await call(login, '/api/v1/auth/login', {
          json: { email, password: AUTHOR_PASSWORD },
          headers: fromFreshAddress(),
        })
      ).status,
    ).toBe(200);
  });
});
