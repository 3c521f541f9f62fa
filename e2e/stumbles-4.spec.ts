import { expect, test, type Locator, type Page } from '@playwright/test';
import ru from '../messages/ru.json';
import { approveIdea, draftIdea } from './authoring';
import { acceptCookiesUpFront, expectNoSeriousA11yViolations, randomIp, randomWord, waitForHydration } from './support';

// What a traveller or a guide still stumbled on (issue 41, items 5, 6 and 10), each checked where it was seen.

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page);
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': randomIp() });
});

const t = ru.map;
const pins = (page: Page) => page.locator('.leaflet-marker-icon [data-count]');

/** Opens the card of a single idea's pin, zooming into clusters until there is one. */
async function openSomeCard(page: Page) {
  const single = pins(page).and(page.locator('[data-count="1"]'));
  await expect(pins(page).first()).toBeVisible();
  while ((await single.count()) === 0) {
    await pins(page).first().click();
    await expect(page.locator('.leaflet-zoom-anim')).toHaveCount(0);
  }
  await single.first().click();
  const popup = page.locator('.leaflet-popup');
  await expect(popup).toBeVisible();
  return popup;
}

const overlap = (a: Locator, b: Locator) =>
  Promise.all([a.boundingBox(), b.boundingBox()]).then(
    ([one, two]) =>
      !!one &&
      !!two &&
      one.x < two.x + two.width &&
      two.x < one.x + one.width &&
      one.y < two.y + two.height &&
      two.y < one.y + one.height,
  );

test('when the tiles cannot load, the maps say so and the pins still open their cards (ru)', async ({
  page,
  request,
}) => {
  await page.route('**/api/v1/test/tile**', (route) => route.abort());
  await page.goto('/go?view=map');
  await waitForHydration(page);
  const region = page.getByRole('region', { name: t.mapLabel });
  await expect(region.getByRole('status').filter({ hasText: t.tilesFailed })).toBeVisible();
  const popup = await openSomeCard(page);
  await expect(popup.locator('[data-card-link]')).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'map without tiles');

  // The idea page's meeting point: the same notice in its small map, the pin in place.
  const listed = await request.get('/api/v1/ideas?limit=1&sort=rating');
  const [idea] = (await listed.json()).data;
  await page.goto(`/go/${idea.hid}`);
  await waitForHydration(page);
  const section = page.getByRole('region', { name: ru.terms.meetingPoint, exact: true });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('status').filter({ hasText: t.tilesFailed })).toBeVisible();
  await expect(section.locator('.leaflet-marker-icon')).toHaveCount(1);
});

test('desktops show the results beside the map (ru, 1280 px)', async ({ page }) => {
  test.skip(test.info().project.name !== 'desktop', 'a desktop layout');
  await page.goto('/go?view=map&category_id=1');
  await waitForHydration(page);
  const list = page.getByRole('region', { name: /^Нашл/ });
  await expect(list.locator('article').first()).toBeVisible();
  const [listBox, mapBox] = await Promise.all([
    list.boundingBox(),
    page.getByRole('region', { name: t.mapLabel }).boundingBox(),
  ]);
  expect(listBox!.x + listBox!.width).toBeLessThanOrEqual(mapBox!.x);
  expect(listBox!.y).toBeLessThan(mapBox!.y + mapBox!.height);
  // Both show the same results: the list's count is the map's.
  const total = /\d+/.exec((await list.getByRole('heading', { level: 2 }).textContent())!)![0];
  await expect(page.getByRole('region', { name: t.mapLabel })).toContainText(total);
});

test('after the map re-centres on an opened card, "search this area" does not cover it (ru)', async ({
  page,
  request,
}) => {
  // A pin alone at the top edge of the view: its card opens above it, and the map pans down to show it.
  const response = await request.get('/api/v1/ideas/markers?place_id=1');
  const markers = (await response.json()).data as { title: string; lat: number; lon: number }[];
  const alone = markers.find((marker) =>
    markers.every((other) => other === marker || Math.hypot(other.lat - marker.lat, other.lon - marker.lon) > 0.05),
  )!;
  const bbox = [alone.lon - 0.05, alone.lat - 0.1, alone.lon + 0.05, alone.lat + 0.001].map((n) => n.toFixed(4));
  await page.goto(`/go?view=map&place_id=1&bbox=${bbox.join(',')}`);
  await waitForHydration(page);
  await pins(page).filter({ hasText: alone.title }).click();
  const popup = page.locator('.leaflet-popup');
  await expect(popup).toBeVisible();
  const searchArea = page.getByRole('button', { name: t.searchArea });
  await expect(searchArea).toBeVisible();
  await expect.poll(() => overlap(popup, searchArea)).toBe(false);
  // The whole card is inside the map, none of it cut off.
  const [card, area] = await Promise.all([
    popup.locator('.leaflet-popup-content-wrapper').boundingBox(),
    page.locator('.leaflet-container').boundingBox(),
  ]);
  const boxes = JSON.stringify({ card, area });
  expect(card!.y, boxes).toBeGreaterThanOrEqual(area!.y);
  expect(card!.y + card!.height, boxes).toBeLessThanOrEqual(area!.y + area!.height);
});

test('a typo offers "did you mean", which runs the search spelled right (ru)', async ({ page }) => {
  // While typing, the search field offers it first; chosen by keyboard, it searches for it.
  await page.goto('/go?category_id=1');
  const field = page.getByRole('combobox', { name: ru.filters.search, exact: true });
  await waitForHydration(page);
  await field.fill('владивасток');
  const correction = page
    .getByRole('listbox', { name: ru.search.suggestions })
    .getByRole('group', { name: ru.search.correction })
    .getByRole('option');
  await expect(correction).toHaveText('Владивосток');
  await field.press('ArrowDown');
  await expect(correction).toHaveAttribute('aria-selected', 'true');
  await field.press('Enter');
  await page.waitForURL((url) => url.searchParams.get('query') === 'Владивосток');
  expect(new URL(page.url()).searchParams.get('category_id')).toBe('1');
  await expect(field).toHaveValue('Владивосток');

  // A search with the typo, as a link leads to it: the listing offers the correction above its results.
  await page.goto(`/go?query=${encodeURIComponent('владивасток')}&category_id=1`);
  await waitForHydration(page);
  const offer = page
    .getByRole('main')
    .locator('p')
    .filter({ hasText: /^Возможно, вы искали/ });
  await expect(offer).toHaveText('Возможно, вы искали Владивосток?');
  await offer.getByRole('link', { name: 'Владивосток', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('query') === 'Владивосток');
  // The other filters stay; spelled right, nothing more is offered.
  expect(new URL(page.url()).searchParams.get('category_id')).toBe('1');
  await expect(page.locator('#listing-count')).toBeVisible();
  await expect(offer).toHaveCount(0);
  await expect(field).toHaveValue('Владивосток');
});

test('an idea suggestion says where the idea is, so one outside the place filter is no surprise (ru)', async ({
  page,
}) => {
  // Russky Island's listing: the Tokarevsky lighthouse stands in Vladivostok's Egersheld, outside it. Searched by
  // its own name: other journeys publish lighthouse ideas of their own, which can fill the five suggestions for "маяки".
  await page.goto('/go?place_id=8');
  const field = page.getByRole('combobox', { name: ru.filters.search, exact: true });
  await waitForHydration(page);
  await field.fill('Токаревского');
  const ideas = page
    .getByRole('listbox', { name: ru.search.suggestions })
    .getByRole('group', { name: ru.search.ideas })
    .getByRole('option');
  const lighthouse = ideas.filter({ hasText: 'Закат у Токаревского маяка' });
  await expect(lighthouse).toContainText('Эгершельд');
  await expectNoSeriousA11yViolations(page, 'suggestions with places');
});

test('the guide picks the meeting point on a map or by address, typed coordinates move the pin, and the idea shows the point (ru)', async ({
  page,
  request,
}) => {
  // Registering through the page's own context signs the browser in as the draft's author.
  const draft = await draftIdea(page.request, `Точка встречи ${randomWord()}`);
  await page.goto(`/office/ideas/${draft.hid}`);
  await waitForHydration(page);
  const lat = page.getByLabel(ru.terms.meetingLat, { exact: true });
  const lon = page.getByLabel(ru.terms.meetingLon, { exact: true });
  const map = page.getByRole('group', { name: ru.terms.meetingMap });
  await map.scrollIntoViewIfNeeded();
  await expect(map.locator('.leaflet-container')).toBeVisible();
  await expect(map.locator('img.leaflet-tile-loaded').first()).toBeAttached();
  await expect(map.locator('.leaflet-marker-icon')).toHaveCount(0);

  // A click on the map puts the pin there and fills the fields.
  const box = (await map.boundingBox())!;
  const click = { x: box.x + box.width * 0.3, y: box.y + box.height * 0.6 };
  await page.mouse.click(click.x, click.y);
  await expect(lat).not.toHaveValue('');
  const picked = { lat: Number(await lat.inputValue()), lon: Number(await lon.inputValue()) };
  expect(picked.lat).toBeGreaterThan(42.5);
  expect(picked.lat).toBeLessThan(43.5);
  expect(picked.lon).toBeGreaterThan(131.5);
  expect(picked.lon).toBeLessThan(132.5);
  // Leaflet's marker is a point; the pin's body is drawn around it.
  const pin = map.locator('.leaflet-marker-icon [data-count]');
  await expect(pin).toHaveCount(1);
  const pinAt = async () => {
    const { x, y, width, height } = (await pin.boundingBox())!;
    return { x: x + width / 2, y: y + height / 2 };
  };
  const placed = await pinAt();
  expect(Math.abs(placed.x - click.x)).toBeLessThan(4);
  expect(Math.abs(placed.y - click.y)).toBeLessThan(4);

  // Typing moves the pin: a little further north is higher up.
  await lat.fill((picked.lat + 0.02).toFixed(5));
  await expect.poll(async () => (await pinAt()).y).toBeLessThan(placed.y - 20);

  // An address found through the place search sets the point too.
  await page.getByRole('searchbox', { name: ru.terms.meetingSearch }).fill('Русский остров');
  await page
    .getByRole('list', { name: ru.terms.meetingSearch })
    .getByRole('button', { name: /Русский остров/ })
    .first()
    .click();
  await expect(lat).toHaveValue('42.97');
  await expect(lon).toHaveValue('131.8');
  await expect(pin).toBeInViewport();
  await expectNoSeriousA11yViolations(page, 'meeting point map');

  // The fields stay the precise (and keyboard) way; what is saved is what the idea page shows.
  await lat.fill('43.1001');
  await lon.fill('131.9002');
  await page.getByRole('button', { name: ru.office.editor.save, exact: true }).click();
  await expect(page.getByText(ru.office.editor.allSaved)).toBeVisible();
  await page.reload();
  await waitForHydration(page);
  await expect(lat).toHaveValue('43.1001');
  await expect(lon).toHaveValue('131.9002');

  const submitted = await request.post(`/api/v1/ideas/${draft.hid}/submit`, { headers: draft.auth });
  expect(submitted.status(), await submitted.text()).toBe(200);
  await approveIdea(request, draft.hid);
  await page.goto(`/go/${draft.hid}`);
  await waitForHydration(page);
  const section = page.getByRole('region', { name: ru.terms.meetingPoint, exact: true });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole('link', { name: ru.terms.openInMaps })).toHaveAttribute(
    'href',
    /mlat=43\.1001&mlon=131\.9002/,
  );
  await expect(section.locator('.leaflet-marker-icon')).toHaveCount(1);
});
