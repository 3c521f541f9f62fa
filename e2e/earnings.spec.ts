import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  JOURNEYS,
  localized,
  MODERATOR,
  newVisitorEachTest,
  randomWord,
  signInByEmail,
  waitForHydration,
  bearer,
  DEMO_GUIDE,
  scheduleDeparture,
  bookedByNewTraveller,
} from './support';

// The guide's earnings: a booking paid online (the test route records the payment: the journeys' server takes
// none online) shows in its month with the totals and in the CSV. The payouts page: the journey's server runs in the
// default prepay mode, where nothing is owed; marking a payout in full mode is covered by tests/api/payouts.test.ts
// and e2e/payments/payouts.spec.ts.

const GUIDE = DEMO_GUIDE;
const DAY = 86_400_000;
const HOUR = 3_600_000;

newVisitorEachTest();

/** A new departure of one of the guide's published ideas a few days ahead, at a time no other run picks. */
async function freshDeparture(request: APIRequestContext) {
  const auth = await bearer(request, GUIDE.email, GUIDE.password);
  const me = (await (await request.post('/api/v1/auth/me', { headers: auth })).json()).data;
  const ideas = await request.get(`/api/v1/users/${me.hid}/ideas?limit=40`, { headers: auth });
  const idea = (await ideas.json()).data.find(
    (i: { attributes: { status: string } }) => i.attributes.status === 'published',
  );
  expect(idea, 'the demo guide has a published idea').toBeDefined();
  const start = new Date(Date.now() + (3 + Math.floor(Math.random() * 20)) * DAY + 10 * HOUR);
  const day = start.toISOString().slice(0, 10);
  const time = `${String(6 + Math.floor(Math.random() * 15)).padStart(2, '0')}:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}`;
  const { dateId, startsAt } = await scheduleDeparture(request, auth, idea.hid, day, time);
  // The Vladivostok month of the trip (UTC+10).
  const month = new Date(Date.parse(startsAt) + 10 * HOUR).toISOString().slice(0, 7);
  return { ideaHid: idea.hid as string, dateId, month };
}

/** A traveller (registered in a context of their own) books the departure, and the booking is paid online. */
async function paidBooking(browser: Browser, baseURL: string, ideaHid: string, dateId: number, name: string) {
  const { context, booking } = await bookedByNewTraveller(browser, baseURL, { ideaHid, dateId }, name);
  const paid = await context.request.post('/api/v1/test/payments', { data: { booking_hid: booking.data.hid } });
  expect(paid.status(), await paid.text()).toBe(200);
  await context.close();
}

for (const { prefix, lang, t } of JOURNEYS) {
  test.describe(`earnings and payouts (${lang})`, () => {
    test('the guide sees a paid booking in its month, the totals and the CSV', async ({ page, browser, baseURL }) => {
      test.setTimeout(300_000);
      const departure = await freshDeparture(page.request);
      const name = lang === 'ru' ? `Мария ${randomWord()}` : `Mary ${randomWord()}`;
      await paidBooking(browser, baseURL!, departure.ideaHid, departure.dateId, name);

      // freshDeparture signed the guide in through this page's context: the page restores that session.
      await page.goto(localized(prefix, `/office/earnings?month=${departure.month}`));
      await waitForHydration(page);
      await expect(page.getByRole('heading', { level: 1, name: t.earnings.title })).toBeVisible();
      await expect(page.getByText(t.earnings.prepayNote)).toBeVisible();
      // By its text: on phones the table's rows are laid out as cards.
      const row = page.locator('tbody tr', { hasText: name });
      await expect(row).toContainText(t.earnings.onTheDay);
      await expect(page.locator('tfoot tr')).toContainText(t.earnings.total);
      await expectNoSeriousA11yViolations(page, `${prefix}/office/earnings: `);

      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: t.earnings.download }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`earnings-${departure.month}.csv`);
      const bytes = await readFile((await download.path())!);
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const lines = bytes.subarray(3).toString('utf8').split('\r\n');
      expect(lines[0]).toBe(
        Object.entries(t.earnings.csv)
          .filter(([key]) => key !== 'total')
          .map(([, text]) => text)
          .join(';'),
      );
      expect(lines.some((line) => line.includes(`;${name};2;0;`))).toBe(true);
      expect(lines.some((line) => line.startsWith(`${t.earnings.csv.total};`))).toBe(true);

      // The month before has nothing of it.
      await page.getByRole('button', { name: t.earnings.previous }).click();
      await expect(row).toHaveCount(0);
    });

    test('the earnings and payouts pages pass axe at 1280 and 390 px', async ({ page }) => {
      await signInByEmail(page, GUIDE.email, GUIDE.password, localized(prefix, '/office/earnings'));
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        // A month long past: the empty state.
        await page.goto(localized(prefix, '/office/earnings?month=2020-01'));
        await waitForHydration(page);
        await expect(page.getByText(t.earnings.empty)).toBeVisible();
        await expectNoSeriousA11yViolations(page, `${width}px earnings `);
      }
    });

    test('a moderator sees that nothing is owed while guides are paid on the day', async ({ page }) => {
      await signInByEmail(page, MODERATOR.email, MODERATOR.password, localized(prefix, '/office/payouts'));
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(localized(prefix, '/office/payouts'));
        await waitForHydration(page);
        await expect(page.getByRole('heading', { level: 1, name: t.payouts.title })).toBeVisible();
        await expect(page.getByText(t.payouts.prepayNote)).toBeVisible();
        await expectNoSeriousA11yViolations(page, `${width}px payouts `);
      }
    });
  });
}
