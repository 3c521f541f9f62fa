import { expect, test } from '@playwright/test';
import ru from '../messages/ru.json';
import {
  MODERATOR,
  acceptCookiesUpFront,
  expectNoSeriousA11yViolations,
  randomIp,
  signInByEmail,
  waitForHydration,
} from './support';
import { approveIdea, submittedIdea } from './authoring';

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

  await approveIdea(request, hid);
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
