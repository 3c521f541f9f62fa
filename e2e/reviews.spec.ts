import { expect, test } from '@playwright/test';
import ru from '../messages/ru.json';
import {
  expectNoSeriousA11yViolations,
  randomIp,
  signInByEmail,
  waitForHydration,
  JOURNEYS,
  newVisitorEachTest,
} from './support';

/** The seeded demo traveller (lib/server/demo/content/reviews.ts): six ended trips waiting for a review. */
const TRAVELLER = { email: 'traveller@demo.sopka.travel', password: 'sopka-author-2026' };

newVisitorEachTest();

/** The rating as the page writes it (one decimal in the locale). */
const formatRating = (rating: number, lang: string) =>
  new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating);

for (const [journey, { prefix, lang, t }] of JOURNEYS.entries()) {
  test(`${lang}: a traveller reviews an ended trip and the idea page shows it with the new average`, async ({
    page,
    request,
  }, testInfo) => {
    // Each journey and project takes a trip of its own, so parallel runs never review the same booking.
    const slot = journey + (testInfo.project.name === 'mobile' ? 2 : 0);
    const login = await request.post('/api/v1/auth/login', {
      data: TRAVELLER,
      headers: { 'x-forwarded-for': randomIp() },
    });
    expect(login.status()).toBe(200);
    const token = (await login.json()).token as string;
    const me = await (await request.post('/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } })).json();
    const past = await request.get(`/api/v1/users/${me.data.hid}/bookings?when=past&limit=100`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const trips = ((await past.json()).data as any[])
      .filter((b) => b.attributes.status === 'confirmed')
      .sort((a, b) => a.relationships.idea.data.id - b.relationships.idea.data.id);
    const trip = trips[slot];
    expect(trip.attributes.can_review).toBe(true);
    const idea = trip.relationships.idea.data;
    const before = (await (await request.get(`/api/v1/ideas/${idea.hid}`)).json()).data.attributes;

    await signInByEmail(page, TRAVELLER.email, TRAVELLER.password, '/account/booking');
    await page.goto(`${prefix}/account/booking`);
    await waitForHydration(page);
    await page.getByRole('button', { name: new RegExp(`^${t.bookings.filters.past}`) }).click();
    const card = page.locator(`#booking-${trip.hid}`);
    await card.getByRole('button', { name: t.reviews.leave }).click();

    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    // Sending without a rating or text says what is missing.
    await dialog.getByRole('button', { name: t.reviews.send }).click();
    await expect(dialog.getByText(t.reviews.chooseRating)).toBeVisible();
    // The rating is a radio group: focus it and move with the arrow keys.
    await dialog.getByRole('radio', { name: t.reviews.rating5 }).focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(dialog.getByRole('radio', { name: t.reviews.rating1 })).toBeChecked();
    const text = `${lang === 'ru' ? 'Проверка отзыва' : 'Review check'} ${Date.now()}: ${'!'.repeat(3)}`;
    await dialog.getByLabel(t.reviews.textLabel, { exact: true }).fill(text);
    await dialog.getByRole('button', { name: t.reviews.send }).click();
    await expect(dialog).toBeHidden();
    await expect(card.getByText(t.reviews.yours.replace('{rating}', '1'))).toBeVisible();

    const after = (await (await request.get(`/api/v1/ideas/${idea.hid}`)).json()).data.attributes;
    expect(after.reviews_count).toBe(before.reviews_count + 1);
    if (before.rating !== null) expect(after.rating).toBeLessThanOrEqual(before.rating);

    await page.goto(`${prefix}/go/${idea.hid}`);
    const section = page.locator('#reviews-section');
    await expect(section.getByText(text)).toBeVisible();
    const summary = section.getByTestId('rating-summary');
    await expect(summary).toContainText(formatRating(after.rating, lang));
    await expect(summary).toContainText(String(after.reviews_count));
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
  });
}

test('the review invitation’s link opens the review form of its booking', async ({ page, request }) => {
  const login = await request.post('/api/v1/auth/login', {
    data: TRAVELLER,
    headers: { 'x-forwarded-for': randomIp() },
  });
  const token = (await login.json()).token as string;
  const me = await (await request.post('/api/v1/auth/me', { headers: { authorization: `Bearer ${token}` } })).json();
  const past = await request.get(`/api/v1/users/${me.data.hid}/bookings?when=past&limit=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  // A trip the journeys above never review (they take the first four); this test only opens the form.
  const trip = ((await past.json()).data as any[])
    .filter((b) => b.attributes.status === 'confirmed')
    .sort((a, b) => a.relationships.idea.data.id - b.relationships.idea.data.id)[4];

  await signInByEmail(page, TRAVELLER.email, TRAVELLER.password, '/account/booking');
  await page.goto(`/account/booking?review=${trip.hid}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(trip.relationships.idea.data.title);
  // The address no longer asks for it: a reload does not open the form again.
  await expect(page).toHaveURL(/\/account\/booking$/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator(`#booking-${trip.hid}`).getByRole('button', { name: ru.reviews.leave })).toBeVisible();
});
