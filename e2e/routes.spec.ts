import { expect, test } from '@playwright/test';
import { ERROR_ROUTES, GATED_ROUTES, LOCALES, PUBLIC_ROUTES, localized } from './support';

// Statuses, redirects and languages do not depend on the screen: checked once, at desktop width (they were the
// slowest spec file, 300 s of a CI run, half of it repeating them on the phone).
test.skip(({ isMobile }) => isMobile, 'desktop only');

for (const { prefix, lang } of LOCALES) {
  test.describe(`routes in ${lang}`, () => {
    for (const path of PUBLIC_ROUTES) {
      test(`${localized(prefix, path)} answers 200 in ${lang}`, async ({ page }) => {
        const response = await page.goto(localized(prefix, path));
        expect(response?.status()).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.locator('h1').first()).toBeVisible();
      });
    }

    for (const [path, status] of ERROR_ROUTES) {
      test(`${localized(prefix, path)} answers ${status} with its message`, async ({ page }) => {
        const response = await page.goto(localized(prefix, path));
        expect(response?.status()).toBe(status);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        await expect(page.getByText(String(status), { exact: true })).toBeVisible();
        await expect(page.getByRole('link', { name: /home|главную|首页/i }).first()).toBeVisible();
      });
    }

    for (const path of GATED_ROUTES) {
      test(`${localized(prefix, path)} sends an anonymous visitor to login with next`, async ({ page }) => {
        const response = await page.goto(localized(prefix, path));
        expect(response?.status()).toBe(200);
        const url = new URL(page.url());
        expect(url.pathname).toBe(localized(prefix, '/login'));
        expect(url.searchParams.get('next')).toBe(localized(prefix, path));
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
      });
    }

    test(`an unknown path in ${lang} is a 404 with the not-found text`, async ({ page }) => {
      const texts = { ru: 'Страница не найдена', en: 'This page could not be found', 'zh-CN': '找不到此页面' } as const;
      const response = await page.goto(localized(prefix, '/no/such/page'));
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: texts[lang] })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
    });

    test(`an idea id that is neither numeric nor a hid is a 404 in ${lang}`, async ({ page }) => {
      const response = await page.goto(localized(prefix, '/go/not-an-id'));
      expect(response?.status()).toBe(404);
    });

    test(`an idea id beyond the database's integer range is a 404 page in ${lang}`, async ({ page }) => {
      for (const id of ['2147483648', '99999999999999999999']) {
        const response = await page.goto(localized(prefix, `/go/${id}`));
        expect(response?.status(), id).toBe(404);
      }
    });

    test(`a NUL character in the listing's query is dropped, not a server error, in ${lang}`, async ({ page }) => {
      const response = await page.goto(localized(prefix, '/go?query=%00&date_from=2030-01-01'));
      expect(response?.status()).toBe(200);
      await expect(page.locator('h1').first()).toBeVisible();
    });
  });
}

test('/ru and /ru/... redirect to the unprefixed path', async ({ page }) => {
  await page.goto('/ru/info/infoAbout?from=test');
  const url = new URL(page.url());
  expect(url.pathname).toBe('/info/infoAbout');
  expect(url.searchParams.get('from')).toBe('test');
  await page.goto('/ru');
  expect(new URL(page.url()).pathname).toBe('/');
});

test('/zh-CN in any case redirects to the Chinese pages under /cn', async ({ page, request }) => {
  await page.goto('/zh-CN/go?sort=rating');
  const url = new URL(page.url());
  expect(url.pathname).toBe('/cn/go');
  expect(url.searchParams.get('sort')).toBe('rating');
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  for (const path of ['/zh-cn', '/ZH-CN/info/infoAbout']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(308);
    expect(response.headers().location, path).toMatch(/\/cn(\/info\/infoAbout)?$/);
  }
});

test('/favicon.ico answers with an icon', async ({ request }) => {
  const response = await request.get('/favicon.ico');
  expect(response.status()).toBe(200);
  expect((await response.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
});

test('a path outside every locale is a 404 in English', async ({ page }) => {
  const response = await page.goto('/missing-file.txt');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
});

test('robots.txt keeps crawlers out of account, office and the API', async ({ request }) => {
  const body = await (await request.get('/robots.txt')).text();
  for (const path of ['/api/', '/account', '/office', '/en/account', '/cn/office']) {
    expect(body).toContain(`Disallow: ${path}`);
  }
});

test('pages carry hreflang alternates for ru, en, zh-CN and x-default, never "cn"', async ({ page }) => {
  await page.goto('/cn/info/infoAbout');
  const alternates = await page
    .locator('link[rel="alternate"][hreflang]')
    .evaluateAll((links) =>
      links.map((l) => [l.getAttribute('hreflang'), new URL(l.getAttribute('href') ?? '').pathname]),
    );
  expect(alternates).toEqual(
    expect.arrayContaining([
      ['ru', '/info/infoAbout'],
      ['en', '/en/info/infoAbout'],
      ['zh-CN', '/cn/info/infoAbout'],
      ['x-default', '/info/infoAbout'],
    ]),
  );
  const canonical = await page.locator('link[rel="canonical"]').getAttribute('href');
  expect(new URL(canonical ?? '').pathname).toBe('/cn/info/infoAbout');
  const html = await page.content();
  expect(html).not.toMatch(/(lang|hreflang)="cn"/);
  await expect(page).toHaveTitle(/关于 Sopka/);
});
