import { expect, test } from '@playwright/test';
import en from '../../messages/en.json';
import ru from '../../messages/ru.json';
import { localized, newVisitorEachTest, openBookingConfirmation, signedUp, waitForHydration } from '../support';

newVisitorEachTest();

interface IdeaItem {
  hid: string;
  attributes: { booking_mode: string; title: string };
  relationships: {
    price?: { data: { amount: number | null } };
    futureDates?: { data: { id: number; attributes: { seats_left: number } }[] };
  };
}

const JOURNEYS = [
  { prefix: '', lang: 'ru', t: ru },
  { prefix: '/en', lang: 'en', t: en },
] as const;

for (const [index, { prefix, lang, t }] of JOURNEYS.entries()) {
  test(`${lang}: a traveller pays the prepayment on the gateway's page and comes back to a confirmed booking`, async ({
    page,
    request,
  }, testInfo) => {
    // Each language and screen books an instant idea of its own.
    const response = await request.get('/api/v1/ideas?limit=40&include=price,futureDates');
    const { data } = (await response.json()) as { data: IdeaItem[] };
    const bookable = data.filter(
      (i) =>
        i.attributes.booking_mode !== 'request' &&
        i.relationships.price?.data.amount != null &&
        (i.relationships.futureDates?.data ?? []).some((d) => d.attributes.seats_left >= 2),
    );
    const idea = bookable[index * 2 + (testInfo.project.name === 'mobile' ? 1 : 0)];
    await signedUp(page, lang);
    await page.goto(localized(prefix, `/go/${idea.hid}`));
    await waitForHydration(page);

    // The page says what is paid now and what on the day, before anything is booked.
    const splitNote = new RegExp(
      t.idea.booking.payment.split.replace(/\{now\}|\{onTheDay\}/g, '.+').replace(/[()]/g, '\\$&'),
    );
    await expect(page.locator('section[aria-labelledby="booking-title"]').getByText(splitNote).first()).toBeVisible();
    const dialog = await openBookingConfirmation(page, t);
    await expect(dialog.getByText(splitNote)).toBeVisible();
    await dialog.getByRole('button', { name: t.bookings.confirm }).click();

    // The gateway's page (the emulator's), then back to the booking.
    await page.waitForURL(/127\.0\.0\.1:\d+\/pay\//);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(new RegExp(`${prefix}/account/booking/[A-Za-z0-9]+$`));
    await waitForHydration(page);
    const card = page.locator('article[id^="booking-"]');
    await expect(card.getByText(t.bookings.status.confirmed)).toBeVisible({ timeout: 20_000 });
    await expect(card.getByText(t.bookings.payment.paidOnline)).toBeVisible();
    await expect(card.getByText(t.bookings.payment.onTheDay)).toBeVisible();
  });
}
