import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from './support';

/** Requests for other pages (their RSC payloads, as prefetches fetch them) and for the API, as they leave. */
function pagesAndApiRequested(page: Page): string[] {
  const requested: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.searchParams.has('_rsc') || url.pathname.startsWith('/api/')) requested.push(url.pathname + url.search);
  });
  return requested;
}

for (const path of ['/', '/go']) {
  test(`a first visit to ${path} fetches no other page and no price list until the visitor reaches for them`, async ({
    page,
  }) => {
    const requested = pagesAndApiRequested(page);
    await page.goto(path);
    await waitForHydration(page);
    // Viewport prefetches and fetches on mount leave right after hydration.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1_000);
    expect(requested).toEqual([]);

    // Pointing at a link prefetches its page.
    const prefetch = page.waitForRequest((request) => {
      const url = new URL(request.url());
      return url.pathname === '/login' && url.searchParams.has('_rsc');
    });
    await page.locator('a[href="/login"]:visible').first().hover();
    await prefetch;

    // The currency list is fetched when its field comes near the screen.
    const currencies = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/v1/currencies');
    await page.getByRole('contentinfo').getByRole('combobox').scrollIntoViewIfNeeded();
    await currencies;
  });
}

test('the toaster loads with the page’s first toast, and that toast is shown', async ({ page, request }) => {
  const { data } = await (await request.get('/api/v1/ideas?limit=1')).json();
  // No share sheet, and a clipboard that takes the link: "share" then always ends in the "link copied" toast.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'share', { value: undefined, configurable: true });
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: async () => {} }, configurable: true });
  });
  await page.goto(`/go/${data[0].hid}`);
  await waitForHydration(page);
  await page.waitForLoadState('networkidle');
  const toaster = page.getByRole('region', { name: /^Notifications/ });
  await expect(toaster).toHaveCount(0);

  await page.getByRole('button', { name: 'Поделиться' }).click();
  await expect(toaster.getByText('Ссылка скопирована')).toBeVisible();
});
