import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/v1/auth/login/route';
import { POST as me } from '@/app/api/v1/auth/me/route';
import { POST as refresh } from '@/app/api/v1/auth/refresh/route';
import { POST as register } from '@/app/api/v1/auth/register/route';
import { GET as getProfile, PATCH as patchProfile } from '@/app/api/v1/profiles/[hid]/route';
import { PATCH as patchUser } from '@/app/api/v1/users/[id]/route';
import { GET as getIdea } from '@/app/api/v1/ideas/[id]/route';
import { PATCH as setPassword } from '@/app/api/v1/users/[id]/setPassword/route';
import { ideas, profiles, users } from '@/lib/server/db/schema';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { createUserWithProfile } from '@/lib/server/accounts/create-user';
import { issueSession } from '@/lib/server/accounts/issue-session';
import { SEED_AUTHORS } from '@/lib/server/demo/content/ideas';
import { call, apiDatabaseForFile } from '../support/api';
import { patchUserAs } from '../support/users';

const database = apiDatabaseForFile();

async function signIn(index: number) {
  const { body } = await call(login, '/api/v1/auth/login', {
    json: { email: SEED_AUTHORS[index].email, password: AUTHOR_PASSWORD },
  });
  const [user] = await database.db.select().from(users).where(eq(users.email, SEED_AUTHORS[index].email));
  const [profile] = await database.db.select().from(profiles).where(eq(profiles.userId, user.id));
  return { token: body.token as string, user, profile, auth: { authorization: `Bearer ${body.token}` } };
}

describe('profiles', () => {
  it('shows public fields to everyone and email and phone only to the owner', async () => {
    const owner = await signIn(0);
    const publicView = await call(getProfile, `/api/v1/profiles/${owner.profile.hid}?include=user&locale=en`, {
      params: { hid: owner.profile.hid },
    });
    expect(publicView.status).toBe(200);
    expect(publicView.body.data.attributes.about).toBe(SEED_AUTHORS[0].about.en);
    expect(publicView.body.data.relationships.user.data.attributes).not.toHaveProperty('email');
    const ownView = await call(getProfile, `/api/v1/profiles/${owner.profile.hid}?include=user`, {
      params: { hid: owner.profile.hid },
      headers: owner.auth,
    });
    expect(ownView.body.data.relationships.user.data.attributes.email).toBe(SEED_AUTHORS[0].email);
    expect((await call(getProfile, '/api/v1/profiles/nosuch', { params: { hid: 'nosuch' } })).status).toBe(404);
  });

  it('lets the owner change the about text', async () => {
    const owner = await signIn(0);
    const { status, body } = await call(patchProfile, `/api/v1/profiles/${owner.profile.hid}`, {
      method: 'PATCH',
      params: { hid: owner.profile.hid },
      headers: owner.auth,
      json: { about: { en: 'Guide on Russky Island.' } },
    });
    expect(status).toBe(200);
    expect(body.data.attributes.about_localized.en).toBe('Guide on Russky Island.');
    expect(body.data.attributes.about_localized.ru).toBe(SEED_AUTHORS[0].about.ru);
  });
});

describe('users', () => {
  it('lets the owner change the name, but not the email (it needs its link) nor the phone (it needs a code)', async () => {
    const owner = await signIn(3);
    const { status, body } = await patchUserAs(owner.auth, owner.user.hid, { name: 'Ольга Морская' });
    expect(status).toBe(200);
    expect(body.data.attributes).toMatchObject({ name: 'Ольга Морская', email: SEED_AUTHORS[3].email });
    const email = await patchUserAs(owner.auth, owner.user.hid, { email: 'olga@example.com' });
    expect(email.status).toBe(422);
    expect(email.body.errors.email[0]).toMatch(/POST \/users\/\{id\}\/email/);
    const phone = await patchUserAs(owner.auth, owner.user.hid, { phone: '+79140000001' });
    expect(phone.status).toBe(422);
    expect(phone.body.errors).toHaveProperty('phone');
  });

  it('keeps the Latin and Chinese spellings of a name, which English and Chinese pages show; 422 per bad field', async () => {
    const owner = await signIn(2);
    const set = await patchUserAs(owner.auth, owner.user.hid, { name_latin: "Olga O'Pak-Lee", name_zh: '奥尔加·朴' });
    expect(set.status).toBe(200);
    expect(set.body.data.attributes).toMatchObject({ name_latin: "Olga O'Pak-Lee", name_zh: '奥尔加·朴' });
    const [idea] = await database.db
      .select()
      .from(ideas)
      .where(and(eq(ideas.authorId, owner.user.id), eq(ideas.status, 'published')))
      .limit(1);
    const authorIn = async (locale: string) =>
      (await call(getIdea, `/api/v1/ideas/${idea.hid}?locale=${locale}`, { params: { id: idea.hid } })).body.data
        .relationships.author.data.attributes.name;
    expect(await authorIn('ru')).toBe(SEED_AUTHORS[2].name);
    expect(await authorIn('en')).toBe("Olga O'Pak-Lee");
    expect(await authorIn('zh')).toBe('奥尔加·朴');

    const bad = await patchUserAs(owner.auth, owner.user.hid, { name_latin: 'Ольга', name_zh: 'Olga' });
    expect(bad.status).toBe(422);
    expect(bad.contentType).toContain('application/problem+json');
    expect(Object.keys(bad.body.errors).sort()).toEqual(['name_latin', 'name_zh']);
    const long = await patchUserAs(owner.auth, owner.user.hid, {
      name_latin: 'A'.repeat(81),
      name_zh: '安'.repeat(41),
    });
    expect(Object.keys(long.body.errors).sort()).toEqual(['name_latin', 'name_zh']);
    const [unchanged] = await database.db.select().from(users).where(eq(users.id, owner.user.id));
    expect(unchanged).toMatchObject({ nameLatin: "Olga O'Pak-Lee", nameZh: '奥尔加·朴' });

    // Cleared, the English page transliterates the name and the Chinese one follows it.
    const cleared = await patchUserAs(owner.auth, owner.user.hid, { name_latin: '', name_zh: null });
    expect(cleared.body.data.attributes).toMatchObject({ name_latin: null, name_zh: null });
    expect(await authorIn('en')).toBe('Olga Pak');
    expect(await authorIn('zh')).toBe('Olga Pak');
  });

  it("refuses another account's email", async () => {
    const owner = await signIn(4);
    const { status, body } = await patchUserAs(owner.auth, owner.user.id, { email: SEED_AUTHORS[5].email });
    expect(status).toBe(422);
    expect(body.errors).toHaveProperty('email');
  });

  it('changes the password only with the right old one, and the new one signs in', async () => {
    const owner = await signIn(5);
    const changePassword = (json: { oldPassword: string; password: string; passwordConfirm: string }) =>
      call(setPassword, `/api/v1/users/${owner.user.id}/setPassword`, {
        method: 'PATCH',
        params: { id: String(owner.user.id) },
        headers: owner.auth,
        json,
      });
    const wrongOld = await changePassword({
      oldPassword: 'nope-nope',
      password: 'new-password-1',
      passwordConfirm: 'new-password-1',
    });
    expect(wrongOld.status).toBe(422);
    expect(wrongOld.body.errors).toHaveProperty('oldPassword');
    const mismatch = await changePassword({
      oldPassword: AUTHOR_PASSWORD,
      password: 'new-password-1',
      passwordConfirm: 'new-password-2',
    });
    expect(mismatch.body.errors).toHaveProperty('passwordConfirm');
    const short = await changePassword({ oldPassword: AUTHOR_PASSWORD, password: 'short', passwordConfirm: 'short' });
    expect(short.body.errors).toHaveProperty('password');
    const ok = await changePassword({
      oldPassword: AUTHOR_PASSWORD,
      password: 'new-password-1',
      passwordConfirm: 'new-password-1',
    });
    expect(ok.status).toBe(200);
    expect(
      (await call(login, '/api/v1/auth/login', { json: { email: SEED_AUTHORS[5].email, password: 'new-password-1' } }))
        .status,
    ).toBe(200);
    expect(
      (await call(login, '/api/v1/auth/login', { json: { email: SEED_AUTHORS[5].email, password: AUTHOR_PASSWORD } }))
        .status,
    ).toBe(422);
  });
});

describe('a password change', () => {
  const email = 'two-devices@example.com';
  const sessionOf = (headers: Headers) => /sopka_session=([^;]*)/.exec(headers.get('set-cookie') ?? '')?.[1] ?? '';
  const device = (signed: { body: any; headers: Headers }) => ({
    auth: { authorization: `Bearer ${signed.body.token}` },
    cookie: `sopka_session=${sessionOf(signed.headers)}`,
  });

  it('signs out every other device and keeps the one that made it', async () => {
    const phone = device(
      await call(register, '/api/v1/auth/register', {
        json: {
          name: 'Ира',
          email,
          password: 'first-password-1',
          passwordConfirm: 'first-password-1',
          acceptPolicy: true,
        },
      }),
    );
    const laptop = device(await call(login, '/api/v1/auth/login', { json: { email, password: 'first-password-1' } }));
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    const changed = await call(setPassword, `/api/v1/users/${user.id}/setPassword`, {
      method: 'PATCH',
      params: { id: String(user.id) },
      headers: { ...laptop.auth, cookie: laptop.cookie },
      json: { oldPassword: 'first-password-1', password: 'changed-password-3', passwordConfirm: 'changed-password-3' },
    });
    expect(changed.status).toBe(200);
    expect(
      (await call(refresh, '/api/v1/auth/refresh', { method: 'POST', headers: { cookie: phone.cookie } })).status,
    ).toBe(401);
    expect(
      (await call(refresh, '/api/v1/auth/refresh', { method: 'POST', headers: { cookie: laptop.cookie } })).status,
    ).toBe(200);
  });
});

describe('an account made by phone', () => {
  it('says it has no password, sets one without an old one, and then has one', async () => {
    const created = await createUserWithProfile(database.db, { name: '+7 ••• 0042', phone: '+79140000042' });
    const issued = await issueSession(created.id, created.role, { ip: 'test', userAgent: null });
    // As a browser sends them: the bearer, and the session cookie that a password change keeps signed in.
    const auth = { authorization: `Bearer ${issued.body.token}`, cookie: `sopka_session=${issued.refreshToken}` };
    const before = await call(me, '/api/v1/auth/me', { method: 'POST', headers: auth });
    expect(before.body.data.attributes.has_password).toBe(false);
    const setPasswordTo = (password: string) =>
      call(setPassword, `/api/v1/users/${created.id}/setPassword`, {
        method: 'PATCH',
        params: { id: String(created.id) },
        headers: auth,
        json: { password, passwordConfirm: password },
      });
    const set = await setPasswordTo('first-password-1');
    expect(set.status).toBe(200);
    const after = await call(me, '/api/v1/auth/me', { method: 'POST', headers: auth });
    expect(after.body.data.attributes.has_password).toBe(true);
    // From now on the old password is asked for.
    const again = await setPasswordTo('second-password-2');
    expect(again.status).toBe(422);
    expect(again.body.errors).toHaveProperty('oldPassword');
  });

  it('tells a password account so', async () => {
    const owner = await signIn(2);
    expect(
      (await call(me, '/api/v1/auth/me', { method: 'POST', headers: owner.auth })).body.data.attributes.has_password,
    ).toBe(true);
  });
});

describe('permissions: another user gets 403, an anonymous caller 401, and nothing changes', () => {
  it.each([
    [
      'PATCH /profiles/{hid}',
      patchProfile,
      (t: Target) => [`/api/v1/profiles/${t.profile.hid}`, { hid: t.profile.hid }],
      { about: 'взломано' },
    ],
    [
      'PATCH /users/{hid}',
      patchUser,
      (t: Target) => [`/api/v1/users/${t.user.hid}`, { id: t.user.hid }],
      { name: 'Взломано' },
    ],
    [
      'PATCH /users/{id}/setPassword',
      setPassword,
      (t: Target) => [`/api/v1/users/${t.user.id}/setPassword`, { id: String(t.user.id) }],
      { password: 'hacked-password', passwordConfirm: 'hacked-password' },
    ],
  ] as const)('%s', async (_name, handler, target, json) => {
    const victim = await signIn(1);
    const intruder = await signIn(2);
    const before = JSON.stringify(await snapshot(victim.user.id));
    const [path, params] = target(victim) as [string, never];
    expect((await call(handler as never, path, { method: 'PATCH', params, headers: intruder.auth, json })).status).toBe(
      403,
    );
    expect((await call(handler as never, path, { method: 'PATCH', params, json })).status).toBe(401);
    expect(JSON.stringify(await snapshot(victim.user.id))).toBe(before);
  });
});

type Target = Awaited<ReturnType<typeof signIn>>;

async function snapshot(userId: number) {
  const [user] = await database.db.select().from(users).where(eq(users.id, userId));
  const [profile] = await database.db.select().from(profiles).where(eq(profiles.userId, userId));
  return { user, profile };
}
