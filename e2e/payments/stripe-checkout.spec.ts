import { test } from '@playwright/test';
import { JOURNEYS, newVisitorEachTest } from '../support';
import { bookableIdeas, payForBookingOnTheGatewaysPage } from './journey';

// Run with E2E_GATEWAY=stripe (playwright.payments.config.ts): the whole price through a Checkout Session of the
// official SDK against the Stripe emulator, confirmed by its signed webhook.
newVisitorEachTest();

for (const [index, journey] of JOURNEYS.entries()) {
  test(`${journey.lang}: a traveller pays in full on Stripe Checkout and comes back to a confirmed booking`, async ({
    page,
    request,
  }, testInfo) => {
    // Ideas of their own, past the ones the YooKassa journeys book.
    const idea = (await bookableIdeas(request))[4 + index * 2 + (testInfo.project.name === 'mobile' ? 1 : 0)];
    // Everything is paid online now: the page says so before anything is booked.
    const escaped = journey.t.idea.booking.payment.fullOnline.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
    const fullNote = new RegExp(escaped.replace('{amount}', '.+'));
    await payForBookingOnTheGatewaysPage(page, journey, idea.hid, fullNote);
  });
}
