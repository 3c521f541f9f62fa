import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import cn from '../messages/cn.json';
import ru from '../messages/ru.json';
import { acceptCookiesUpFront, expectNoSeriousA11yViolations, waitForHydration } from './support';

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page);
});

async function listingTotal(request: APIRequestContext, query: string): Promise<number> {
  const response = await request.get(`/api/v1/ideas?limit=1&${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { meta: { total: number } }).meta.total;
}

/** The main filter's place button that is on screen (the page's on desktop, the header's on phones). */
const placeButton = (page: Page, place: string) =>
  page
    .getByRole('link', { name: ru.filters.placeChange.replace('{place}', place) })
    .filter({ visible: true })
    .first();

/** A place in the search's results (not in the list shown before the typed text settles). */
const foundPlace = (page: Page, resultsTitle: string, place: string) =>
  page.getByRole('region', { name: resultsTitle }).getByRole('button', { name: place, exact: true });

const listingTitle = (place: string) => ru.ideas.listTitlePlace.replace('{place}', place);

test('a visitor picks another place by name and the listing keeps its category', async ({ page, request }) => {
  await page.goto('/go?category_id=3');
  await waitForHydration(page);
  await placeButton(page, 'Владивосток').click();
  await expect(page).toHaveURL(/\/a\/place-search\?category_id=3$/);
  await expect(page.getByRole('heading', { name: ru.places.popular })).toBeVisible();

  await waitForHydration(page);
  await page.getByLabel(ru.places.searchLabel).fill('наход');
  // Nakhodka is among the popular places too: clicked there while the search starts, the list is replaced under
  // the pointer. The found one is chosen.
  await foundPlace(page, ru.places.results, 'Находка').click();

  await expect(page).toHaveURL(/\/go\?place_id=5&category_id=3$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(listingTitle('Находка'));
  const total = await listingTotal(request, 'place_id=5&category_id=3');
  if (total > 0) await expect(page.locator('#listing-count')).toHaveText(new RegExp(`(^|\\D)${total}(\\D|$)`));
  else await expect(page.getByRole('heading', { name: ru.ideas.emptyTitle })).toBeVisible();
  await expect(placeButton(page, 'Находка')).toBeVisible();
});

test('the places inside Vladivostok narrow the listing, and choosing Vladivostok drops the parameter', async ({
  page,
  request,
}) => {
  await page.goto('/a/place-search');
  await waitForHydration(page);
  await page.getByRole('button', { name: ru.places.showInside.replace('{place}', 'Владивосток') }).click();
  await page.getByRole('button', { name: 'Русский остров', exact: true }).click();
  await expect(page).toHaveURL(/\/go\?place_id=8$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(listingTitle('Русский остров'));
  const island = await listingTotal(request, 'place_id=8');
  expect(island).toBeGreaterThan(0);
  expect(island).toBeLessThan(await listingTotal(request, 'place_id=7'));
  await expect(page.locator('#listing-count')).toHaveText(new RegExp(`(^|\\D)${island}(\\D|$)`));

  await waitForHydration(page);
  await placeButton(page, 'Русский остров').click();
  await expect(page).toHaveURL(/\/a\/place-search\?place_id=8$/);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Владивосток', exact: true }).click();
  await expect(page).toHaveURL(/\/go$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(listingTitle('Владивосток'));
});

test('Chinese visitors find a place by its Chinese name', async ({ page }) => {
  await page.goto('/cn/a/place-search');
  await waitForHydration(page);
  await page.getByRole('searchbox').fill('俄罗斯岛');
  await foundPlace(page, cn.places.results, '俄罗斯岛').click();
  await expect(page).toHaveURL(/\/cn\/go\?place_id=8$/);
});

test('the place search has no serious accessibility problems', async ({ page }) => {
  await page.goto('/a/place-search');
  await waitForHydration(page);
  await expect(page.getByRole('button', { name: 'Находка', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
