import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import en from '../messages/en.json';
import ru from '../messages/ru.json';
import { acceptCookiesUpFront, expectNoSeriousA11yViolations, waitForHydration } from './support';

const LOCALES = [
  { prefix: '', lang: 'ru', messages: ru },
  { prefix: '/en', lang: 'en', messages: en },
] as const;

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page);
});

async function apiTotal(request: APIRequestContext, query: string): Promise<number> {
  const response = await request.get(`/api/v1/ideas?limit=1&${query}`);
  expect(response.status(), query).toBe(200);
  return (await response.json()).meta.total;
}

const pins = (page: Page) => page.locator('.leaflet-marker-icon [data-count]');

/** How many ideas the pins on the map stand for: a cluster counts its ideas. */
const pinnedIdeas = (page: Page) =>
  pins(page).evaluateAll((nodes) => nodes.reduce((sum, node) => sum + Number(node.getAttribute('data-count')), 0));

/**
 * Waits until the map shows as many ideas as the API has pins for `query` (the pins arrive after the map's own
 * chunk). Other journeys publish ideas meanwhile: when the totals moved between the map's request and the API's,
 * the page is loaded again and both are asked anew.
 */
async function expectPinned(page: Page, request: APIRequestContext, query: string) {
  let attempt = 0;
  await expect(async () => {
    if (attempt++ > 0) await page.reload();
    // Every result that has a place on the map: ideas other journeys publish without coordinates are listed only.
    const response = await request.get(`/api/v1/ideas/markers?${query}`);
    expect(response.status(), query).toBe(200);
    const expected = (await response.json()).meta.total;
    await expect.poll(() => pinnedIdeas(page), { timeout: 10_000 }).toBe(expected);
  }).toPass({ timeout: 60_000 });
}

/** Opens the card of a single idea's pin, zooming into clusters until there is one. */
async function openSomeCard(page: Page) {
  const single = pins(page).and(page.locator('[data-count="1"]'));
  while ((await single.count()) === 0) {
    await pins(page).first().click();
    await expect(page.locator('.leaflet-zoom-anim')).toHaveCount(0);
  }
  await single.first().click();
  const popup = page.locator('.leaflet-popup');
  await expect(popup).toBeVisible();
  return popup;
}

for (const { prefix, lang, messages } of LOCALES) {
  const t = messages.map;

  test(`list → map → list in ${lang}: the pins count the results, a pin opens its card, the filters stay`, async ({
    page,
    request,
  }, testInfo) => {
    const category = 1;
    const expected = await apiTotal(request, `category_id=${category}`);
    expect(expected).toBeGreaterThan(1);
    await page.goto(`${prefix}/go?category_id=${category}`);
    await waitForHydration(page);
    const views = page.getByRole('navigation', { name: t.view });
    await expect(views.getByRole('link', { name: t.list, exact: true })).toHaveAttribute('aria-current', 'page');

    await views.getByRole('link', { name: t.map, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'map');
    expect(new URL(page.url()).searchParams.get('category_id')).toBe(String(category));
    await expect(views.getByRole('link', { name: t.map, exact: true })).toHaveAttribute('aria-current', 'page');
    await expectPinned(page, request, `category_id=${category}`);
    // Tiles come from MAP_TILE_URL (a test route here), with the attribution OpenStreetMap asks for.
    await expect(page.locator('img.leaflet-tile-loaded').first()).toBeAttached();
    await expect(page.locator('.leaflet-control-attribution')).toContainText('OpenStreetMap');

    const popup = await openSomeCard(page);
    const link = popup.locator('[data-card-link]');
    await expect(link).toHaveAttribute('href', new RegExp(`^${prefix}/go/[A-Za-z0-9]+$`));
    const title = await link.textContent();
    await link.click();
    await page.waitForURL(new RegExp(`${prefix}/go/[A-Za-z0-9]+$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title!);
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('view') === 'map');

    // Phones get a floating button back to the list; desktops use the switch.
    const back =
      testInfo.project.name === 'mobile'
        ? page.getByRole('region', { name: t.mapLabel }).getByRole('link', { name: t.list, exact: true })
        : views.getByRole('link', { name: t.list, exact: true });
    await expect(back).toBeVisible();
    await back.click();
    await page.waitForURL((url) => !url.searchParams.has('view'));
    expect(new URL(page.url()).searchParams.get('category_id')).toBe(String(category));
    await expect(page.locator('#listing-count')).toContainText(String(expected));
  });

  test(`"search this area" in ${lang} narrows the map and the listing to the visible area`, async ({
    page,
    request,
  }) => {
    const all = await apiTotal(request, '');
    await page.goto(`${prefix}/go?view=map`);
    await waitForHydration(page);
    await expectPinned(page, request, '');
    await expect(page.getByRole('button', { name: t.searchArea })).toHaveCount(0);

    // Into the largest cluster (the city), leaving the ideas along the coast out of view.
    const counts = await pins(page).evaluateAll((nodes) =>
      nodes.map((node) => Number(node.getAttribute('data-count'))),
    );
    const largest = counts.indexOf(Math.max(...counts));
    expect(counts[largest]).toBeGreaterThan(1);
    expect(counts[largest]).toBeLessThan(all);
    await pins(page).nth(largest).click();

    await page.getByRole('button', { name: t.searchArea }).click();
    await page.waitForURL((url) => url.searchParams.has('bbox'));
    const url = new URL(page.url());
    expect(url.searchParams.get('view')).toBe('map');
    const narrowed = await apiTotal(request, `bbox=${url.searchParams.get('bbox')}`);
    expect(narrowed).toBeGreaterThan(0);
    expect(narrowed).toBeLessThan(all);
    await expectPinned(page, request, `bbox=${url.searchParams.get('bbox')}`);
    // The area is a filter like the others: its chip takes it off again.
    await page.getByRole('button', { name: new RegExp(t.chipArea) }).click();
    await page.waitForURL((next) => !next.searchParams.has('bbox') && next.searchParams.get('view') === 'map');
    await expectPinned(page, request, '');
  });

  test(`the idea page in ${lang} shows its meeting point on a map, with a link to a maps app`, async ({
    page,
    request,
  }) => {
    // The best rated: a seeded idea (other journeys publish ideas of their own meanwhile).
    const response = await request.get('/api/v1/ideas?limit=1&sort=rating', { headers: { Locale: lang } });
    const [listed] = (await response.json()).data;
    const detail = await request.get(`/api/v1/ideas/${listed.hid}`, { headers: { Locale: lang } });
    const idea = (await detail.json()).data;
    const meeting = idea.attributes.meeting_point;
    // The seed gives every idea a meeting point with coordinates; the map shows it rather than the idea's place.
    expect(meeting?.lat).toEqual(expect.any(Number));
    await page.goto(`${prefix}/go/${idea.hid}`);
    await waitForHydration(page);
    const section = page.getByRole('region', { name: messages.terms.meetingPoint, exact: true });
    await section.scrollIntoViewIfNeeded();
    await expect(section).toContainText(meeting.text);
    const map = section.getByRole('group', { name: t.ideaMapLabel.replace('{label}', meeting.text) });
    await expect(map.locator('.leaflet-marker-icon')).toHaveCount(1);
    await expect(section.getByRole('link', { name: messages.terms.openInMaps })).toHaveAttribute(
      'href',
      `https://www.openstreetmap.org/?mlat=${meeting.lat}&mlon=${meeting.lon}#map=16/${meeting.lat}/${meeting.lon}`,
    );
  });
}

test('axe finds nothing serious with the map and a card open, nor on the idea page with its map', async ({
  page,
  request,
}) => {
  await page.goto('/go?view=map');
  await waitForHydration(page);
  await expectPinned(page, request, '');
  await openSomeCard(page);
  await expectNoSeriousA11yViolations(page);

  const response = await request.get('/api/v1/ideas?limit=1&sort=rating');
  const [idea] = (await response.json()).data;
  await page.goto(`/go/${idea.hid}`);
  await waitForHydration(page);
  await page.getByRole('heading', { name: ru.terms.meetingPoint, exact: true }).scrollIntoViewIfNeeded();
  await expect(page.locator('.leaflet-marker-icon')).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);
});
