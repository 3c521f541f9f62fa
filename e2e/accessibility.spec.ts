import { expect, test, type APIRequestContext } from '@playwright/test';
import { acceptCookiesUpFront, expectNoSeriousA11yViolations, waitForHydration } from './support';

async function publishedIdeaHid(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/v1/ideas?limit=1');
  expect(response.status()).toBe(200);
  return (await response.json()).data[0].hid;
}

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page);
});

// Pages of the browsing issue in ru; the signed-in pages are checked by their own journeys.
for (const path of [
  '/',
  '/go',
  '/go?category_id=2&date_from=2030-01-10&date_to=2030-01-12',
  'idea',
  '/info/infoAbout',
]) {
  test(`axe finds nothing serious on ${path === 'idea' ? 'an idea page' : path}`, async ({ page, request }) => {
    await page.goto(path === 'idea' ? `/go/${await publishedIdeaHid(request)}` : path);
    await waitForHydration(page);
    await expectNoSeriousA11yViolations(page);
  });
}

test('axe finds nothing serious in the open date filter', async ({ page }) => {
  await page.goto('/go');
  await waitForHydration(page);
  // The header's filter on phones arrives in its own chunk: click until the calendar opens.
  await expect(async () => {
    await page
      .getByRole('button', { name: /^Даты поездки/ })
      .filter({ visible: true })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expectNoSeriousA11yViolations(page);
});
