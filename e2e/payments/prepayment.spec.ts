import { expect, test } from '@playwright/test';
import { JOURNEYS, newVisitorEachTest } from '../support';
import { bookableIdeas, payForBookingOnTheGatewaysPage } from './journey';

// Run with E2E_GATEWAY=yookassa (playwright.payments.config.ts): a 20 % prepayment through YooKassa's emulator.
newVisitorEachTest();

for (const [index, journey] of JOURNEYS.entries()) {
  test(`${journey.lang}: a traveller pays the prepayment on the gateway's page and comes back to a confirmed booking`, async ({
    page,
    request,
  }, testInfo) => {
    // Each language and screen books an instant idea of its own.
    const idea = (await bookableIdeas(request))[index * 2 + (testInfo.project.name === 'mobile' ? 1 : 0)];
    // The page says what is paid now and what on the day, before anything is booked.
    const splitNote = new RegExp(
      journey.t.idea.booking.payment.split.replace(/\{now\}|\{onTheDay\}/g, '.+').replace(/[()]/g, '\\$&'),
    );
    const card = await payForBookingOnTheGatewaysPage(page, journey, idea.hid, splitNote);
    await expect(card.getByText(journey.t.bookings.payment.onTheDay)).toBeVisible();
  });
}
