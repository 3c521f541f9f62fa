import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import en from '../messages/en.json';
import ru from '../messages/ru.json';
import { localized, openBookingConfirmation, signedUp, waitForHydration, newVisitorEachTest } from './support';

const JOURNEYS = [
  { prefix: '', lang: 'ru', t: ru, threeAdults: '3 взрослых' },
  { prefix: '/en', lang: 'en', t: en, threeAdults: '3 adults' },
] as const;

interface IdeaItem {
  hid: string;
  attributes: { booking_mode: string };
  relationships: {
    price?: { data: { amount: number | null } };
    futureDates?: { data: { id: number; attributes: { starts_at: string; seats_left: number } }[] };
    bookingParams?: { data: { max_persons: number } };
    ideaItineraries?: { data: unknown[] };
  };
}

newVisitorEachTest();

/** An idea with an itinerary, a price and a second departure with at least three seats left. */
async function ideaWithSecondDate(request: APIRequestContext) {
  const response = await request.get('/api/v1/ideas?limit=40&include=price,futureDates,bookingParams,ideaItineraries');
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: IdeaItem[] };
  const idea = data.find((i) => {
    const open = (i.relationships.futureDates?.data ?? []).filter((d) => d.attributes.seats_left > 0);
    return (
      i.relationships.price?.data.amount != null &&
      i.attributes.booking_mode !== 'request' &&
      (i.relationships.bookingParams?.data.max_persons ?? 0) >= 3 &&
      (i.relationships.ideaItineraries?.data.length ?? 0) > 0 &&
      open.length > 1 &&
      open[1].attributes.seats_left >= 3
    );
  });
  expect(idea, 'the seed has an idea with a second departure of three seats').toBeDefined();
  const second = idea!.relationships.futureDates!.data.filter((d) => d.attributes.seats_left > 0)[1];
  return { hid: idea!.hid, second };
}

const panelOf = (page: Page) => page.locator('section[aria-labelledby="booking-title"]');

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

for (const { prefix, lang, t, threeAdults } of JOURNEYS) {
  test(`${lang}: on a phone the bar's sheet chooses the second date and 3 adults, and that is what is booked`, async ({
    page,
    request,
  }) => {
    test.skip(!isPhone(page), 'the bottom bar and its sheet are the phone layout');
    const { hid, second } = await ideaWithSecondDate(request);
    await signedUp(page, lang);
    await page.goto(localized(prefix, `/go/${hid}`));
    await waitForHydration(page);

    const bar = panelOf(page).getByRole('button', { name: t.idea.booking.book, exact: true });
    await bar.click();
    const sheet = page.getByRole('dialog', { name: t.idea.booking.sheetTitle });
    await sheet.getByRole('combobox', { name: t.idea.booking.date }).selectOption(String(second.id));
    const adults = sheet.getByRole('group', { name: t.idea.booking.adults });
    const more = adults.getByRole('button', { name: t.filters.increase.replace('{name}', t.idea.booking.adults) });
    while (Number(await adults.locator('output').textContent()) < 3) {
      const before = await adults.locator('output').textContent();
      await more.click();
      await expect(adults.locator('output')).not.toHaveText(before!);
    }
    await expect(adults.locator('output')).toHaveText('3');
    await sheet.getByRole('button', { name: t.idea.booking.sheetContinue }).click();

    const dialog = page.getByRole('dialog', { name: t.bookings.confirmTitle });
    await expect(dialog).toContainText(threeAdults);
    // Closing the confirmation gives focus back to the bar's button, which started it all.
    await dialog.getByRole('button', { name: t.bookings.edit }).click();
    await expect(dialog).toHaveCount(0);
    await expect(bar).toBeFocused();

    await bar.click();
    await sheet.getByRole('button', { name: t.idea.booking.sheetContinue }).click();
    await dialog.getByRole('textbox', { name: t.bookings.contactPhone }).fill('8 914 765-43-21');
    const sent = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/bookings'));
    await dialog.getByRole('button', { name: t.bookings.confirm }).click();
    expect((await sent).postDataJSON()).toMatchObject({
      idea_date_id: second.id,
      adults: 3,
      contact: { phone: '+79147654321' },
    });
    await expect(page).toHaveURL(new RegExp(`${prefix}/account/booking$`));
    const card = page.locator('article[aria-current="true"]');
    await expect(card).toContainText(threeAdults);
    await expect(card).toContainText('+7 914 765-43-21');
  });

  test(`${lang}: on desktop the booking panel is beside the gallery from the top and stays in view`, async ({
    page,
    request,
  }) => {
    test.skip(isPhone(page), 'the two columns are the desktop layout');
    const { hid } = await ideaWithSecondDate(request);
    await page.goto(localized(prefix, `/go/${hid}`));
    await waitForHydration(page);
    const panel = panelOf(page);
    const viewport = page.viewportSize()!;
    const box = (await panel.boundingBox())!;
    // Level with the gallery at the top of the page, not under it.
    expect(box.y).toBeLessThan(viewport.height / 2);
    expect(box.y + box.height).toBeLessThan(viewport.height);

    await page.locator('#itinerary').scrollIntoViewIfNeeded();
    await expect(page.locator('#itinerary')).toBeInViewport();
    await expect(panel).toBeInViewport({ ratio: 1 });

    // 'Войти и забронировать' keeps to one line: the label's height is one line-height.
    const signIn = panel.getByRole('button', { name: t.idea.booking.signInToBook });
    const lines = await signIn.evaluate((button) => {
      const range = document.createRange();
      range.selectNodeContents(button);
      const style = getComputedStyle(button);
      const lineHeight = Number.parseFloat(style.lineHeight) || Number.parseFloat(style.fontSize) * 1.2;
      return range.getBoundingClientRect().height / lineHeight;
    });
    expect(lines).toBeGreaterThan(0.5);
    expect(lines).toBeLessThan(1.5);
  });

  test(`${lang}: on desktop focus returns to the book button when the confirmation closes`, async ({
    page,
    request,
  }) => {
    test.skip(isPhone(page), 'the phone journey checks the bar');
    const { hid } = await ideaWithSecondDate(request);
    await signedUp(page, lang);
    await page.goto(localized(prefix, `/go/${hid}`));
    await waitForHydration(page);
    const book = panelOf(page).getByRole('button', { name: t.idea.booking.book, exact: true });
    const dialog = await openBookingConfirmation(page, t);
    await expect(dialog.getByRole('textbox', { name: t.bookings.contactName })).toHaveValue(/Гость/);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(book).toBeFocused();
  });
}
