import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type en from '../../messages/en.json';
import { localized, openBookingConfirmation, signedUp, waitForHydration } from '../support';

interface IdeaItem {
  hid: string;
  attributes: { booking_mode: string; title: string };
  relationships: {
    price?: { data: { amount: number | null } };
    futureDates?: { data: { id: number; attributes: { seats_left: number } }[] };
  };
}

/** Instant ideas with a price and a departure with two seats left: each journey books one of its own. */
export async function bookableIdeas(request: APIRequestContext): Promise<IdeaItem[]> {
  const response = await request.get('/api/v1/ideas?limit=40&include=price,futureDates');
  const { data } = (await response.json()) as { data: IdeaItem[] };
  return data.filter(
    (i) =>
      i.attributes.booking_mode !== 'request' &&
      i.relationships.price?.data.amount != null &&
      (i.relationships.futureDates?.data ?? []).some((d) => d.attributes.seats_left >= 2),
  );
}

/**
 * A new traveller books the idea from its page, checking the page and the confirmation say `paymentNote` (what is
 * paid now and what on the day); pays on the gateway's page (the emulator's), and comes back to the booking,
 * confirmed and paid online.
 */
export async function payForBookingOnTheGatewaysPage(
  page: Page,
  { prefix, lang, t }: { prefix: string; lang: string; t: typeof en },
  ideaHid: string,
  paymentNote: RegExp,
) {
  await signedUp(page, lang);
  await page.goto(localized(prefix, `/go/${ideaHid}`));
  await waitForHydration(page);
  await expect(page.locator('section[aria-labelledby="booking-title"]').getByText(paymentNote).first()).toBeVisible();
  const dialog = await openBookingConfirmation(page, t);
  await expect(dialog.getByText(paymentNote)).toBeVisible();
  await dialog.getByRole('button', { name: t.bookings.confirm }).click();

  await page.waitForURL(/127\.0\.0\.1:\d+\/pay\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(new RegExp(`${prefix}/account/booking/[A-Za-z0-9]+$`));
  await waitForHydration(page);
  const card = page.locator('article[id^="booking-"]');
  await expect(card.getByText(t.bookings.status.confirmed)).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText(t.bookings.payment.paidOnline)).toBeVisible();
  return card;
}
