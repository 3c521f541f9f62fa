import { expect, test, type Page } from '@playwright/test';
import { acceptCookiesUpFront, waitForHydration, watchProblems } from './support';

const isMobile = (projectName: string) => projectName === 'mobile';

test.describe('cookie notice', () => {
  test('accepting «Принять» hides it for good, across reloads', async ({ page }) => {
    await page.goto('/');
    const accept = page.getByRole('button', { name: 'Принять' });
    await expect(accept).toBeVisible();
    await accept.click();
    await expect(accept).toBeHidden();
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole('button', { name: 'Принять' })).toHaveCount(0);
  });

  test('is worded in the page language', async ({ page }) => {
    await page.goto('/en');
    await expect(page.getByRole('button', { name: 'Accept' })).toBeVisible();
    await page.goto('/cn');
    await expect(page.getByRole('button', { name: '接受' })).toBeVisible();
  });

  test('never appears in the server HTML, so an accepted visitor sees no flash', async ({ request }) => {
    const html = await (await request.get('/')).text();
    expect(html).not.toContain('Принять</button>');
  });
});

test('the tab bar shows on mobile only, with home and sign-in for a visitor', async ({ page }, testInfo) => {
  await acceptCookiesUpFront(page);
  await page.goto('/go');
  const tabBar = page.getByRole('navigation', { name: 'Основное меню' });
  if (isMobile(testInfo.project.name)) {
    await expect(tabBar).toBeVisible();
    await expect(tabBar.getByRole('link', { name: 'Главная' })).toHaveAttribute('href', '/');
    await tabBar.getByRole('link', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/login$/);
  } else {
    await expect(tabBar).toBeHidden();
  }
});

test('the footer block opens and closes', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto('/');
  const summary = page.getByText('Сопка — идеи для поездок по Приморью', { exact: true });
  const messenger = page.getByRole('link', { name: 'Написать в Telegram' });
  await expect(messenger).toBeHidden();
  await summary.click();
  await expect(messenger).toBeVisible();
  await expect(messenger).toHaveAttribute('href', /^https:\/\/t\.me\//);
  await summary.click();
  await expect(messenger).toBeHidden();
  await expect(
    page.getByRole('contentinfo').getByRole('link', { name: 'Политика конфиденциальности' }),
  ).toHaveAttribute('href', '/info/confidential-policy');
});

test('the locale switcher keeps the path and query', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto('/info/infoAbout?ref=footer');
  await page.getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/en\/info\/infoAbout\?ref=footer$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('link', { name: '中文' }).click();
  await expect(page).toHaveURL(/\/cn\/info\/infoAbout\?ref=footer$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await page.getByRole('link', { name: 'Русский' }).click();
  await expect(page).toHaveURL(/\/info\/infoAbout\?ref=footer$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
});

test.describe('first visit language', () => {
  test.use({ locale: 'en-US' });

  test('an English browser visiting / lands on /en, and a later choice of Russian sticks', async ({ page }) => {
    await acceptCookiesUpFront(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/en$/);
    await page.getByRole('link', { name: 'Русский' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'NEXT_LOCALE');
    expect(cookie?.value).toBe('ru');
    expect(cookie && cookie.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600);
  });
});

test.describe('first visit language', () => {
  test.use({ locale: 'zh-CN' });

  test('a Chinese browser visiting / stays on Russian', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  });
});

test('the mobile back button returns to the previous page, and is absent on home', async ({ page }, testInfo) => {
  await acceptCookiesUpFront(page);
  await page.goto('/');
  const back = page.getByRole('banner').getByRole('button', { name: 'Назад' });
  await expect(back).toHaveCount(0);
  await page.getByRole('link', { name: 'Смотреть идеи' }).click();
  await expect(page).toHaveURL(/\/go$/);
  if (isMobile(testInfo.project.name)) {
    await expect(back).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(/\/$/);
  } else {
    await expect(back).toBeHidden();
  }
});

test('the listing route shows the main filter: compact in the header on phones, in the page on desktop', async ({
  page,
}, testInfo) => {
  await acceptCookiesUpFront(page);
  await page.goto('/go');
  const dates = page.getByRole('button', { name: /^Даты поездки/ });
  if (isMobile(testInfo.project.name)) {
    // A narrow phone's header keeps only the dates; the page heading names the place.
    await expect(page.getByRole('banner').getByRole('button', { name: /^Даты поездки/ })).toBeVisible();
  } else {
    await expect(page.getByRole('main').getByText('Владивосток').first()).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: /^Даты поездки/ })).toBeVisible();
  }
  await page.goto('/info/infoAbout');
  await expect(dates).toHaveCount(0);
});

/** Holds the page data of client-side page changes (RSC requests) until the returned function lets it through. */
async function holdPageData(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.unrouteAll();
  await page.route('**/*', async (route) => {
    if (route.request().headers()['rsc']) await held;
    await route.fallback();
  });
  return release;
}

test('a slow page change shows the progress bar, from a link, a filter and a card, and removes it on arrival', async ({
  page,
}) => {
  await acceptCookiesUpFront(page);
  const bar = page.locator('#nprogress .bar');
  let release = await holdPageData(page);
  await page.goto('/');
  await waitForHydration(page);
  await page.getByRole('link', { name: 'Смотреть идеи' }).click();
  await expect(bar).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/go$/);
  await expect(bar).toHaveCount(0);

  // A filter navigates from code, not from a link.
  release = await holdPageData(page);
  await page.getByLabel('Сортировка').selectOption({ label: 'Сначала дешевле' });
  await expect(bar).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/go\?sort=price$/);
  await expect(bar).toHaveCount(0);

  release = await holdPageData(page);
  await page.getByRole('main').locator('a[href^="/go/"]').first().click();
  await expect(bar).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/go\/\w+$/);
  await expect(bar).toHaveCount(0);
});

test('the header offers sign-in to a visitor, keeping the way back', async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.goto('/pages/ecoTravel');
  await page.getByRole('banner').getByRole('link', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Вход' })).toBeVisible();
});

test('static pages are complete in all three languages', async ({ page }) => {
  for (const [path, heading] of [
    ['/info/confidential-policy', 'Политика конфиденциальности'],
    ['/en/pages/ecoTravel', 'Eco Travel Guide to Primorye'],
    ['/cn/info/infoAbout', '关于 Sopka'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    expect(await page.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(5);
  }
});

test('no console errors or hydration warnings on the shell pages', async ({ page }) => {
  const problems = watchProblems(page);
  for (const path of ['/', '/go', '/en/info/infoAbout', '/cn/pages/ecoTravel', '/login', '/error/e503']) {
    await page.goto(path);
    await waitForHydration(page);
  }
  expect(problems.filter((p) => !/status of 503/.test(p))).toEqual([]);
});
