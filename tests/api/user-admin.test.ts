import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/v1/auth/login/route';
import { POST as me } from '@/app/api/v1/auth/me/route';
import { POST as checkCode } from '@/app/api/v1/auth/phoneVerification/checkCode/route';
import { POST as createCode } from '@/app/api/v1/auth/phoneVerification/create/route';
import { POST as refresh } from '@/app/api/v1/auth/refresh/route';
import { GET as listIdeas } from '@/app/api/v1/ideas/route';
import { GET as smsOutbox } from '@/app/api/v1/test/sms-outbox/route';
import {
  blockUser,
  describeUser,
  setUserRole,
  unblockUser,
  UnknownUserError,
} from '@/lib/server/accounts/admin-commands';
import { register } from '@/lib/server/accounts/email-sign-in';
import { createUserWithProfile } from '@/lib/server/accounts/create-user';
import { hashPassword } from '@/lib/server/accounts/passwords';
import { connect } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { peerHeadersForTests } from '@/lib/server/ops/peer-address';
import { call, apiDatabaseForFile } from '../support/api';
import { runScript } from '../support/cli';

const database = apiDatabaseForFile({ SMS_DRIVER: 'outbox', EMAIL_DRIVER: 'outbox' });

const PASSWORD = 'moss-on-the-sopka-rocks';
let accounts = 0;
const fromNewClient = () => peerHeadersForTests(`198.51.100.${++accounts}`);
const sessionCookie = (headers: Headers) => /sopka_session=([^;]*)/.exec(headers.get('set-cookie') ?? '')?.[1];
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function newAccount() {
  const email = `operator-${++accounts}@example.com`;
  const issued = await register(
    { name: 'Ольга', email, password: PASSWORD, passwordConfirm: PASSWORD, acceptPolicy: true },
    { ip: `register-${accounts}`, userAgent: null },
  );
  const [user] = await database.db.select().from(users).where(eq(users.email, email));
  return { user, email, token: issued.body.token as string, cookie: issued.refreshToken };
}

const queueStatus = async (token: string) =>
  (await call(listIdeas, '/api/v1/ideas?f=not-moderated', { headers: bearer(token) })).status;
const meStatus = async (token: string) =>
  (await call(me, '/api/v1/auth/me', { method: 'POST', headers: bearer(token) })).status;
const signIn = (email: string, password = PASSWORD) =>
  call(login, '/api/v1/auth/login', { json: { email, password }, headers: fromNewClient() });
const refreshWith = (cookie: string) =>
  call(refresh, '/api/v1/auth/refresh', { method: 'POST', headers: { cookie: `sopka_session=${cookie}` } });

async function lastCode(phone: string): Promise<string> {
  const { body } = await call(smsOutbox, `/api/v1/test/sms-outbox?phone=${encodeURIComponent(phone)}`);
  return /(\d{6})/.exec(body.data[0].text)![1];
}

describe('npm run user -- role', () => {
  it('makes a moderator endpoint reachable (after a refresh or sign-in) and takes it away again', async () => {
    const { email, token, cookie } = await newAccount();
    expect(await queueStatus(token)).toBe(403);

    const promoted = await setUserRole(email.toUpperCase(), 'moderator');
    expect(promoted).toMatchObject({ email, role: 'moderator', previousRole: 'user', blocked: false });
    // The token in use names the old role: refused at once; the refresh cookie hands out one of the new role.
    expect(await queueStatus(token)).toBe(401);
    const renewed = await refreshWith(cookie);
    expect(renewed.status).toBe(200);
    expect(await queueStatus(renewed.body.token)).toBe(200);

    // Admins may do what moderators may.
    await setUserRole(email, 'admin');
    const admin = await signIn(email);
    expect(admin.status).toBe(200);
    expect(await queueStatus(admin.body.token)).toBe(200);
    const meAsAdmin = await call(me, '/api/v1/auth/me', { method: 'POST', headers: bearer(admin.body.token) });
    expect(meAsAdmin.body.data.attributes.role).toBe('admin');

    await setUserRole(email, 'user');
    expect(await queueStatus(admin.body.token)).toBe(401);
    expect(await queueStatus((await signIn(email)).body.token)).toBe(403);
  });

  it('an unknown email or role is a clear error that changes nothing', async () => {
    await expect(setUserRole('nobody@example.com', 'admin')).rejects.toThrow(UnknownUserError);
    await expect(setUserRole('nobody@example.com', 'admin')).rejects.toThrow(
      'There is no user with the email nobody@example.com.',
    );
    await expect(blockUser('nobody@example.com')).rejects.toThrow(UnknownUserError);
    const { email } = await newAccount();
    await expect(setUserRole(email, 'superuser')).rejects.toThrow(/must be one of user, moderator, admin/);
    expect((await describeUser(email)).role).toBe('user');
  });
});

describe('npm run user -- block / unblock', () => {
  it('ends the tokens in use and refuses every way of signing in until unblocked', { timeout: 60_000 }, async () => {
    const { user, email, token, cookie } = await newAccount();
    const phone = `+7914${String(1_000_000 + accounts).slice(1)}`;
    await database.db.update(users).set({ phone }).where(eq(users.id, user.id));
    const second = await signIn(email);
    // A phone code asked for before the block.
    const pending = await call(createCode, '/api/v1/auth/phoneVerification/create', {
      json: { phone },
      headers: fromNewClient(),
    });
    expect(pending.status).toBe(201);
    const pendingCode = await lastCode(phone);
    expect(await meStatus(token)).toBe(200);

    const blocked = await blockUser(email);
    expect(blocked).toMatchObject({ email, blocked: true, revokedSessions: 2 });
    expect((await describeUser(email)).blocked).toBe(true);

    // The tokens and refresh cookies in use.
    expect(await meStatus(token)).toBe(401);
    expect(await meStatus(second.body.token)).toBe(401);
    expect((await refreshWith(cookie)).status).toBe(401);
    expect((await refreshWith(sessionCookie(second.headers)!)).status).toBe(401);
    // The right password, and the phone code asked for before the block: refused, saying why.
    const withPassword = await signIn(email);
    expect(withPassword.status).toBe(403);
    expect(withPassword.body.detail).toMatch(/blocked/);
    const withOldCode = await call(checkCode, '/api/v1/auth/phoneVerification/checkCode', {
      json: { id: pending.body.phone_verification.id, code: pendingCode },
      headers: fromNewClient(),
    });
    expect(withOldCode.status).toBe(403);

    // Blocking again is harmless; unblocking gives the old password back.
    expect(await blockUser(email)).toMatchObject({ blocked: true, revokedSessions: 0 });
    expect(await unblockUser(email)).toMatchObject({ blocked: false, wasBlocked: true });
    const back = await signIn(email);
    expect(back.status).toBe(200);
    expect(await meStatus(back.body.token)).toBe(200);
    // A new phone code signs in again.
    const again = await call(createCode, '/api/v1/auth/phoneVerification/create', {
      json: { phone },
      headers: fromNewClient(),
    });
    expect(again.status).toBe(201);
    const byPhone = await call(checkCode, '/api/v1/auth/phoneVerification/checkCode', {
      json: { id: again.body.phone_verification.id, code: await lastCode(phone) },
      headers: fromNewClient(),
    });
    expect(byPhone.status).toBe(200);
    expect(await unblockUser(email)).toMatchObject({ wasBlocked: false });
  });

  it('blocks an account without a password too, and unblocking leaves it without one', async () => {
    const email = `no-password-${++accounts}@example.com`;
    await database.db.transaction((tx) => createUserWithProfile(tx, { name: 'Без пароля', email }));
    expect(await blockUser(email)).toMatchObject({ blocked: true });
    await unblockUser(email);
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    expect(row.passwordHash).toBeNull();
  });
});

/** `npm run user` itself, as an operator runs it, on a PGlite database in a DATA_DIR of its own. */
describe('the command line', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sopka-user-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const environment = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' };
  const cli = (args: string[]) => runScript('scripts/user.ts', args, environment);

  it(
    'changes a role, and fails with a message and exit code for an unknown email or a bad command',
    { timeout: 180_000 },
    async () => {
      const email = 'cli-operator@example.com';
      const file = await connect({ dataDir: path.join(dataDir, 'db') });
      const passwordHash = await hashPassword(PASSWORD);
      await file.db.transaction((tx) => createUserWithProfile(tx, { name: 'Оператор', email, passwordHash }));
      await file.close();

      const promoted = cli(['role', email, 'admin']);
      expect(promoted.status, promoted.stderr).toBe(0);
      expect(promoted.stdout).toMatch(/cli-operator@example\.com \(id \d+, Оператор\): admin \(was user\)/);

      const unknown = cli(['block', 'nobody@example.com']);
      expect(unknown.status).toBe(1);
      expect(unknown.stderr).toMatch(/There is no user with the email nobody@example\.com\./);

      const badRole = cli(['role', email, 'superuser']);
      expect(badRole.status).toBe(64);
      expect(badRole.stderr).toMatch(/must be one of user, moderator, admin/);
      expect(cli(['delete', email]).status).toBe(64);

      const reopened = await connect({ dataDir: path.join(dataDir, 'db') });
      const [row] = await reopened.db.select().from(users).where(eq(users.email, email));
      await reopened.close();
      expect(row.role).toBe('admin');
    },
  );
});
