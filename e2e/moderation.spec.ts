import { expect as baseExpect, test, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import ru from '../messages/ru.json';
import {
  MODERATOR,
  acceptCookiesUpFront,
  expectNoSeriousA11yViolations,
  randomIp,
  signInByEmail,
  waitForHydration,
} from './support';

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10) + 'T10:00:00+10:00';

/**
 * A fresh author's complete idea, sent to moderation through the API; the moderator's side is what is tested.
 * By default in Nakhodka, outside Vladivostok, whose listing other journeys count.
 */
async function submittedIdea(request: APIRequestContext, title: string, { placeId = 5, categoryId = 6 } = {}) {
  const ip = { 'x-forwarded-for': randomIp() };
  const email = `author-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.sopka.travel`;
  const password = 'e2e-author-password';
  const registered = await request.post('/api/v1/auth/register', {
    headers: ip,
    data: { name: 'Автор e2e', email, password, passwordConfirm: password, acceptPolicy: true },
  });
  expect(registered.status()).toBe(201);
  const auth = { ...ip, Authorization: `Bearer ${(await registered.json()).token}` };
  const me = (await (await request.post('/api/v1/auth/me', { headers: auth })).json()).data;
  const created = await request.get(`/api/v1/users/${me.hid}/ideas/createAndGetEmpty`, { headers: auth });
  const hid: string = (await created.json()).data.hid;
  const patched = await request.patch(`/api/v1/ideas/${hid}`, {
    headers: auth,
    data: {
      // Every language, like the seeded ideas.
      title: { ru: title, en: `Sunrise hill ${title}`, zh: `日出山丘 ${title}` },
      description: { ru: 'Прогулка по сопкам с видом на бухту и чай у костра.' },
      category_id: categoryId,
      place_id: placeId,
      price: 1900,
      languages: ['ru'],
      dates: [{ starts_at: inDays(12), seats_total: 10 }],
      itinerary: [{ title: { ru: 'Встреча у остановки' }, duration_minutes: 30 }],
    },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 40, g: 120, b: 140 } } })
    .png()
    .toBuffer();
  const photo = await request.post(`/api/v1/ideas/${hid}/photos`, {
    headers: auth,
    multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: png } },
  });
  expect(photo.status(), await photo.text()).toBe(201);
  const submitted = await request.post(`/api/v1/ideas/${hid}/submit`, { headers: auth });
  expect(submitted.status(), await submitted.text()).toBe(200);
  return { hid, auth, email, password, userHid: me.hid as string };
}

/** Approval through the API, as the moderator. */
async function approve(request: APIRequestContext, hid: string) {
  const ip = { 'x-forwarded-for': randomIp() };
  const login = await request.post('/api/v1/auth/login', {
    headers: ip,
    data: { email: MODERATOR.email, password: MODERATOR.password },
  });
  const approved = await request.post(`/api/v1/ideas/${hid}/approve`, {
    headers: { ...ip, Authorization: `Bearer ${(await login.json()).token}` },
  });
  expect(approved.status(), await approved.text()).toBe(200);
}

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': randomIp() });
});

test('a moderator approves an idea and it appears in the public listing', async ({ page, request }) => {
  const title = `Сопка на рассвете ${test.info().project.name} ${Date.now()}`;
  const { hid } = await submittedIdea(request, title);
  expect((await request.get(`/api/v1/ideas/${hid}`)).status()).toBe(404);

  await signInByEmail(page, MODERATOR.email, MODERATOR.password, '/office/moderation');
  await expect(page).toHaveURL(/\/office\/moderation$/);
  const item = page.getByRole('article', { name: title });
  await item.getByRole('button', { name: ru.moderation.preview }).click();
  await expect(item.getByText('Прогулка по сопкам с видом на бухту и чай у костра.')).toBeVisible();
  await item.getByRole('button', { name: ru.moderation.approve }).click();
  await expect(item).toHaveCount(0);

  expect((await request.get(`/api/v1/ideas/${hid}`)).status()).toBe(200);
  await page.goto(`/go?query=${encodeURIComponent(title)}&place_id=5`);
  await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
});

test('pages served from the page cache follow the changes: home and the category listing show a newly approved idea, idea pages a renamed author', async ({
  page,
  request,
}) => {
  const title = `Дорога к маяку ${test.info().project.name} ${Date.now()}`;
  // Vladivostok and "travel time": home's nearby and travel-time sections list it, newest first.
  const { hid, auth, userHid } = await submittedIdea(request, title, { placeId: 7, categoryId: 7 });
  for (const path of ['/', '/go?category_id=7']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
  }

  await approve(request, hid);
  await page.goto(`/go/${hid}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  for (const path of ['/', '/go?category_id=7']) {
    await page.goto(path);
    await expect(page.getByRole('link', { name: new RegExp(title) }).first()).toBeVisible();
  }

  const name = `Смотритель маяка ${Date.now()}`;
  const renamed = await request.patch(`/api/v1/users/${userHid}`, { headers: auth, data: { name } });
  expect(renamed.status(), await renamed.text()).toBe(200);
  await page.goto(`/go/${hid}`);
  await expect(page.getByText(name).first()).toBeVisible();
});

test('a moderator refuses an idea with a reason its author can read', async ({ page, request }) => {
  const title = `Бухта без фото ${test.info().project.name} ${Date.now()}`;
  const { hid, auth, email, password } = await submittedIdea(request, title);
  const reason = 'Добавьте фото маршрута и точку сбора';

  await signInByEmail(page, MODERATOR.email, MODERATOR.password, '/office/moderation');
  const item = page.getByRole('article', { name: title });
  await item.getByRole('button', { name: ru.moderation.refuse }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: ru.moderation.refuseConfirm }).click();
  await expect(dialog.getByText(ru.moderation.reasonRequired.replace('{min}', '3'))).toBeVisible();
  await dialog.getByLabel(ru.moderation.reason).fill(reason);
  await dialog.getByRole('button', { name: ru.moderation.refuseConfirm }).click();
  await expect(dialog).toHaveCount(0);
  await expect(item).toHaveCount(0);

  const own = await (await request.get(`/api/v1/ideas/${hid}`, { headers: auth })).json();
  expect(own.data.attributes).toMatchObject({ status: 'refused', refusal_reason: reason });
  expect((await request.get(`/api/v1/ideas/${hid}`)).status()).toBe(404);

  await page.context().clearCookies();
  await signInByEmail(page, email, password, '/office');
  await expect(page).toHaveURL(/\/office$/);
  await expect(page.getByText(ru.office.refusalReason.replace('{reason}', reason))).toBeVisible();
});

test('moderators find the queue in the account menu, and the breadcrumb names it', async ({ page }) => {
  await signInByEmail(page, MODERATOR.email, MODERATOR.password, '/account');
  const menu = page.getByRole('navigation', { name: ru.nav.accountMenu });
  await menu.getByRole('link', { name: ru.nav.accountModeration }).click();
  await expect(page).toHaveURL(/\/office\/moderation$/);
  await expect(menu.getByRole('link', { name: ru.nav.accountModeration })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('navigation', { name: ru.nav.breadcrumbs })).toContainText(ru.nav.accountModeration);
});

test('other users have no moderation entry in their account menu', async ({ page }) => {
  await signInByEmail(page, 'anna@demo.sopka.travel', 'sopka-author-2026', '/account');
  const menu = page.getByRole('navigation', { name: ru.nav.accountMenu });
  await expect(menu.getByRole('link', { name: ru.nav.office })).toBeVisible();
  await expect(menu.getByRole('link', { name: ru.nav.accountModeration })).toHaveCount(0);
});

test('the moderation queue is closed to other users', async ({ page, request }) => {
  expect((await request.get('/api/v1/ideas?f=not-moderated')).status()).toBe(401);
  await signInByEmail(page, 'anna@demo.sopka.travel', 'sopka-author-2026', '/office/moderation');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    ru.moderation.onlyModerators + ru.moderation.toOffice,
  );
});

test('the moderation queue has no serious accessibility problems', async ({ page, request }) => {
  await submittedIdea(request, `Очередь для проверки доступности ${Date.now()}`);
  await signInByEmail(page, MODERATOR.email, MODERATOR.password, '/office/moderation');
  await waitForHydration(page);
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.getByRole('article').first().getByRole('button', { name: ru.moderation.preview }).click();
  await expectNoSeriousA11yViolations(page);
});
