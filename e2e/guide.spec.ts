import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { MODERATOR, acceptCookiesUpFront, expectNoSeriousA11yViolations, randomIp, waitForHydration } from './support';

test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 15_000 });

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10) + 'T10:00:00+10:00';

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': randomIp() });
});

/** A published seed idea's hid and its author's name and user hid, from the public API. */
async function seededIdea(request: APIRequestContext) {
  const response = await request.get('/api/v1/ideas?limit=1&include=author');
  expect(response.status()).toBe(200);
  const [idea] = (await response.json()).data;
  return {
    hid: idea.hid as string,
    author: idea.relationships.author.data as { hid: string; attributes: { name: string } },
  };
}

const LOCALES = [
  { prefix: '', since: /^На Сопке с [а-я]+ \d{4} года$/ },
  { prefix: '/en', since: /^On Sopka since [A-Z][a-z]+ \d{4}$/ },
] as const;

for (const { prefix, since } of LOCALES) {
  test(`${prefix || '/ru'}: the author's name on an idea page leads to their guide page, which lists the idea`, async ({
    page,
    request,
  }) => {
    const { hid, author } = await seededIdea(request);
    await page.goto(`${prefix}/go/${hid}`);
    await waitForHydration(page);
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    await page.getByRole('link', { name: author.attributes.name, exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`${prefix}/authors/${author.hid}$`));
    await expect(page.getByRole('heading', { level: 1, name: author.attributes.name })).toBeVisible();
    await expect(page.getByText(since)).toBeVisible();
    const card = page.getByRole('main').getByRole('link', { name: new RegExp(title) });
    await expect(card).toHaveAttribute('href', `${prefix}/go/${hid}`);
    await expect(page.getByRole('navigation').getByText(author.attributes.name)).toBeVisible();
    // Search engines get the page in every language and the guide as a Person.
    await expect(page.locator('link[rel="alternate"][hreflang="zh-CN"]')).toHaveAttribute(
      'href',
      new RegExp(`/cn/authors/${author.hid}$`),
    );
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(jsonLd['@graph']).toContainEqual(
      expect.objectContaining({ '@type': 'Person', name: author.attributes.name }),
    );
  });
}

test('a guide page that is not one answers 404: an unknown hid, and a user without a published idea', async ({
  page,
  request,
}) => {
  for (const path of ['/authors/NoSuchGuide', '/en/authors/NoSuchGuide', '/authors/123']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
  const login = await request.post('/api/v1/auth/login', {
    headers: { 'x-forwarded-for': randomIp() },
    data: { email: MODERATOR.email, password: MODERATOR.password },
  });
  const token = (await login.json()).token;
  const me = await request.post('/api/v1/auth/me', { headers: { Authorization: `Bearer ${token}` } });
  const moderatorHid = (await me.json()).data.hid;
  expect((await page.goto(`/authors/${moderatorHid}`))?.status()).toBe(404);
});

test('axe finds nothing serious on a guide page', async ({ page, request }) => {
  const { author } = await seededIdea(request);
  await page.goto(`/authors/${author.hid}`);
  await waitForHydration(page);
  await expectNoSeriousA11yViolations(page);
});

/** A fresh author with one approved idea, made through the API. */
async function freshGuide(request: APIRequestContext, title: string) {
  const ip = { 'x-forwarded-for': randomIp() };
  const email = `guide-${Date.now()}-${Math.floor(Math.random() * 1e6)}@e2e.sopka.travel`;
  const password = 'e2e-guide-password';
  const registered = await request.post('/api/v1/auth/register', {
    headers: ip,
    data: { name: 'Гид e2e', email, password, passwordConfirm: password, acceptPolicy: true },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const auth = { ...ip, Authorization: `Bearer ${(await registered.json()).token}` };
  const me = (await (await request.post('/api/v1/auth/me', { headers: auth })).json()).data;
  const created = await request.get(`/api/v1/users/${me.hid}/ideas/createAndGetEmpty`, { headers: auth });
  const hid: string = (await created.json()).data.hid;
  const patched = await request.patch(`/api/v1/ideas/${hid}`, {
    headers: auth,
    data: {
      title: { ru: title, en: `Lighthouse walk ${title}`, zh: `灯塔漫步 ${title}` },
      description: { ru: 'Прогулка к маяку на закате.' },
      // Nakhodka, outside Vladivostok, whose listing other journeys count.
      category_id: 6,
      place_id: 5,
      price: 1500,
      languages: ['ru', 'en'],
      dates: [{ starts_at: inDays(15), seats_total: 8 }],
      itinerary: [{ title: { ru: 'Встреча у остановки' }, duration_minutes: 30 }],
    },
  });
  expect(patched.status(), await patched.text()).toBe(200);
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 20, g: 90, b: 120 } } })
    .png()
    .toBuffer();
  const photo = await request.post(`/api/v1/ideas/${hid}/photos`, {
    headers: auth,
    multipart: { file: { name: 'cover.png', mimeType: 'image/png', buffer: png } },
  });
  expect(photo.status(), await photo.text()).toBe(201);
  expect((await request.post(`/api/v1/ideas/${hid}/submit`, { headers: auth })).status()).toBe(200);
  const moderator = await request.post('/api/v1/auth/login', {
    headers: ip,
    data: { email: MODERATOR.email, password: MODERATOR.password },
  });
  const approved = await request.post(`/api/v1/ideas/${hid}/approve`, {
    headers: { ...ip, Authorization: `Bearer ${(await moderator.json()).token}` },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return { auth, userHid: me.hid as string, profileHid: me.attributes.profile_hid as string };
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test("a guide page served from the page cache follows its author's changes: name and about text", async ({
  page,
  request,
}) => {
  const title = `Маяк Эгершельд ${test.info().project.name} ${Date.now()}`;
  const { auth, userHid, profileHid } = await freshGuide(request, title);
  const path = `/authors/${userHid}`;
  // Twice: the second answer comes from the page cache.
  for (let visit = 0; visit < 2; visit++) {
    await page.goto(path);
    await expect(heading(page)).toHaveText('Гид e2e');
  }
  await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();

  const name = `Смотритель маяка ${Date.now()}`;
  const renamed = await request.patch(`/api/v1/users/${userHid}`, { headers: auth, data: { name } });
  expect(renamed.status(), await renamed.text()).toBe(200);
  await page.goto(path);
  await expect(heading(page)).toHaveText(name);

  const about = `Показываю маяки Владивостока ${Date.now()}.`;
  const profile = await request.patch(`/api/v1/profiles/${profileHid}`, { headers: auth, data: { about } });
  expect(profile.status(), await profile.text()).toBe(200);
  await page.goto(path);
  await expect(page.getByText(about)).toBeVisible();
});
