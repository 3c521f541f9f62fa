import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { MODERATOR, acceptCookiesUpFront, expectNoSeriousA11yViolations, randomIp, waitForHydration } from './support';
import { approveIdea, submittedIdea } from './authoring';
import en from '../messages/en.json';
import ru from '../messages/ru.json';

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': randomIp() });
});

/** A published seed idea's hid and its author's name (as the locale's pages write it) and user hid, from the public API. */
async function seededIdea(request: APIRequestContext, locale = 'ru') {
  // The best rated: a seeded idea with reviews (other journeys publish new, unreviewed ideas meanwhile).
  const response = await request.get(`/api/v1/ideas?limit=1&include=author&sort=rating&locale=${locale}`);
  expect(response.status()).toBe(200);
  const [idea] = (await response.json()).data;
  return {
    hid: idea.hid as string,
    reviewsCount: idea.attributes.reviews_count as number,
    author: idea.relationships.author.data as { hid: string; attributes: { name: string } },
  };
}

const LOCALES = [
  { prefix: '', locale: 'ru', since: /^На Сопке с [а-я]+ \d{4} года$/, t: ru },
  { prefix: '/en', locale: 'en', since: /^On Sopka since [A-Z][a-z]+ \d{4}$/, t: en },
] as const;

for (const { prefix, locale, since, t } of LOCALES) {
  test(`${prefix || '/ru'}: the author's name on an idea page leads to their guide page, which lists the idea`, async ({
    page,
    request,
  }) => {
    const { hid, author, reviewsCount } = await seededIdea(request, locale);
    // The seed reviews most ideas; this journey needs a reviewed one to check the guide's rating.
    expect(reviewsCount).toBeGreaterThan(0);
    await page.goto(`${prefix}/go/${hid}`);
    await waitForHydration(page);
    const title = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    await page.getByRole('link', { name: author.attributes.name, exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`${prefix}/authors/${author.hid}$`));
    await expect(page.getByRole('heading', { level: 1, name: author.attributes.name })).toBeVisible();
    await expect(page.getByText(since)).toBeVisible();
    // The card, before the latest reviews (whose links name the idea too).
    const card = page
      .getByRole('main')
      .getByRole('link', { name: new RegExp(title) })
      .first();
    await expect(card).toHaveAttribute('href', `${prefix}/go/${hid}`);
    // The card's heart has its label (the page sends the cards' messages to the browser).
    await expect(
      page.getByRole('button', { name: t.favourites.saveIdea.replace('{title}', title), exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('navigation').getByText(author.attributes.name)).toBeVisible();
    // The rating over all their ideas, and their latest reviews, each naming the idea it is about.
    await expect(page.getByRole('main').getByTestId('rating-summary')).toBeVisible();
    const latest = page.getByRole('region', { name: t.guide.latestReviews });
    await expect(latest.getByRole('article').first()).toBeVisible();
    await expect(latest.getByText(t.guide.reviewOf).first()).toBeVisible();
    // Search engines get the page in every language and the guide as a Person: checked on the document a crawler
    // loads. After the client-side navigation above, the idea page's alternates were once seen to stay in the head
    // (CI, phone, under load), which no crawler sees.
    await page.reload();
    const chinese = page.locator('link[rel="alternate"][hreflang="zh-CN"]');
    await expect(chinese).toHaveCount(1);
    await expect(chinese).toHaveAttribute('href', new RegExp(`/cn/authors/${author.hid}$`));
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
  const { hid, auth, userHid, profileHid } = await submittedIdea(request, title, { authorName: 'Гид e2e' });
  await approveIdea(request, hid);
  return { auth, userHid, profileHid };
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
