import { expect, test, type Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  localized,
  waitForHydration,
  JOURNEYS,
  newVisitorEachTest,
  randomWord,
} from './support';

// The bookings page's filters and covers, and the office's "New idea" that creates the idea on its first save.

const DAY = 86_400_000;
const COVER_RATIO = 466 / 350;

newVisitorEachTest();

/** A fresh account made through the page's own browser context (so the page is signed in too), and its token. */
async function signedUp(page: Page) {
  const random = randomWord();
  const password = `pass-${random}-A1`;
  const registered = await page.request.post('/api/v1/auth/register', {
    data: {
      name: `Путешественник ${random}`,
      email: `polish-${Date.now()}-${random}@example.com`,
      password,
      passwordConfirm: password,
      acceptPolicy: true,
    },
  });
  expect(registered.status()).toBe(201);
  const auth = { Authorization: `Bearer ${(await registered.json()).token}` };
  const me = (await (await page.request.post('/api/v1/auth/me', { headers: auth })).json()).data;
  return { auth, userHid: me.hid as string };
}

interface IdeaItem {
  hid: string;
  attributes: { cover_url: string | null; cancellation_policy: string | null };
  relationships: { futureDates?: { data: { id: number; attributes: { seats_left: number; starts_at: string } }[] } };
}

/**
 * Two bookings of one departure of a seeded idea (the best rated: other journeys publish ideas meanwhile), more
 * than a week away so either can be cancelled for free; the second is cancelled.
 */
async function keptAndCancelledBookings(page: Page, auth: Record<string, string>) {
  const list = (await (await page.request.get('/api/v1/ideas?sort=rating&limit=40&include=futureDates')).json()) as {
    data: IdeaItem[];
  };
  const roomy = (d: { attributes: { seats_left: number; starts_at: string } }) =>
    d.attributes.seats_left >= 2 && Date.parse(d.attributes.starts_at) > Date.now() + 8 * DAY;
  const idea = list.data.find(
    (i) =>
      i.attributes.cover_url &&
      i.attributes.cancellation_policy !== 'non_refundable' &&
      (i.attributes as { booking_mode?: string }).booking_mode !== 'request' &&
      i.relationships.futureDates?.data.some(roomy),
  );
  expect(idea, 'the seed has a bookable idea with a cover').toBeDefined();
  const date = idea!.relationships.futureDates!.data.find(roomy)!;
  const book = async () => {
    const response = await page.request.post('/api/v1/bookings', {
      headers: auth,
      data: { idea_id: idea!.hid, idea_date_id: date.id, adults: 1, contact: { name: 'Анна', phone: '+79141234567' } },
    });
    expect(response.status(), await response.text()).toBe(201);
    return (await response.json()).data.hid as string;
  };
  const kept = await book();
  const cancelled = await book();
  const cancelling = await page.request.post(`/api/v1/bookings/${cancelled}/cancel`, { headers: auth });
  expect(cancelling.status(), await cancelling.text()).toBe(200);
  return { kept, cancelled };
}

/** How many ideas the account has, in every status (the author's own list). */
async function ownIdeasCount(page: Page, account: { auth: Record<string, string>; userHid: string }) {
  const response = await page.request.get(`/api/v1/users/${account.userHid}/ideas?limit=1`, { headers: account.auth });
  expect(response.status()).toBe(200);
  return (await response.json()).meta.total as number;
}

for (const { prefix, lang, t } of JOURNEYS) {
  test(`${lang}: bookings keep the cover's ratio, and a cancelled upcoming booking is only under "Cancelled"`, async ({
    page,
  }) => {
    const account = await signedUp(page);
    const { kept, cancelled } = await keptAndCancelledBookings(page, account.auth);
    await page.goto(localized(prefix, '/account/booking'));
    await waitForHydration(page);

    // The cover is a box of the picture's own ratio, beside the text on desktop and above it on a phone.
    const cover = page.locator(`#booking-${kept} img`);
    await expect(cover).toBeVisible();
    const box = (await cover.boundingBox())!;
    expect.soft(box.width / box.height, `cover ${box.width}×${box.height}`).toBeCloseTo(COVER_RATIO, 1);
    expect.soft(box.width).toBeGreaterThanOrEqual(150);

    const filters = page.getByRole('group', { name: t.bookings.filtersLabel });
    const filter = (name: string) => filters.getByRole('button', { name: new RegExp(`^${name}`) });
    await expect(filter(t.bookings.filters.upcoming)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator(`#booking-${kept}`)).toContainText(t.bookings.status.confirmed);
    await expect(page.locator(`#booking-${cancelled}`)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await filter(t.bookings.filters.cancelled).click();
    await expect(filter(t.bookings.filters.cancelled)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator(`#booking-${cancelled}`)).toContainText(t.bookings.status.cancelled);
    await expect(page.locator(`#booking-${kept}`)).toHaveCount(0);
    await filter(t.bookings.filters.past).click();
    await expect(page.getByText(t.bookings.none.past)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test(`${lang}: "New idea" and leaving creates no idea; typing and saving creates exactly one`, async ({ page }) => {
    const account = await signedUp(page);
    await page.goto(localized(prefix, '/office'));
    await waitForHydration(page);
    const newIdea = page.locator('main').getByText(t.office.create, { exact: true });

    await newIdea.click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/office/ideas/[A-Za-z]+$`));
    const title = page.getByLabel(`${t.office.editor.fields.title} (${t.office.editor.language.ru})`);
    await expect(title).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('link', { name: new RegExp(t.office.editor.back) }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/office$`));
    await expect(page.getByText(t.office.empty)).toBeVisible();
    expect(await ownIdeasCount(page, account)).toBe(0);

    await newIdea.click();
    await expect(title).toBeVisible();
    const name = `Бухта Шамора ${Date.now().toString(36)}`;
    await title.fill(name);
    await page.getByLabel(t.office.editor.fields.price).fill('1800');
    await page.getByRole('button', { name: t.office.editor.save, exact: true }).click();
    await expect(page.getByText(t.office.editor.allSaved)).toBeVisible();
    // The editor now edits the created idea, under its own address, with what was typed.
    await expect(page).toHaveURL(new RegExp(`${prefix}/office/ideas/(?!new$)[A-Za-z]+$`));
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByLabel(t.office.editor.fields.price)).toHaveValue('1800');
    expect(await ownIdeasCount(page, account)).toBe(1);

    // A second save edits the same idea.
    await page.getByLabel(t.office.editor.fields.price).fill('1900');
    await page.getByRole('button', { name: t.office.editor.save, exact: true }).click();
    await expect(page.getByText(t.office.editor.allSaved)).toBeVisible();
    expect(await ownIdeasCount(page, account)).toBe(1);
    await page.reload();
    await waitForHydration(page);
    await expect(title).toHaveValue(name);
    await expect(page.getByLabel(t.office.editor.fields.price)).toHaveValue('1900');
  });
}
