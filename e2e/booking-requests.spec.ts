import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { SEED_AUTHORS, SEED_IDEAS } from '../lib/server/demo/content/ideas';
import {
  AUTHOR_PASSWORD,
  expectNoSeriousA11yViolations,
  guideSignedInAt,
  JOURNEYS,
  localized,
  messageLead,
  newVisitorEachTest,
  randomIp,
  randomStartTime,
  randomWord,
  scheduleDeparture,
  sendRequest,
  signedUp,
  waitForHydration,
} from './support';

// Booking on request (docs/booking-states.md): the traveller asks for seats, the guide accepts or declines from
// /office/requests, and the traveller's booking shows the answer.

const DAY = 86_400_000;
const ON_REQUEST = SEED_IDEAS.findIndex((idea) => idea.key === 'lazo-petrov-island-tour');
const GUIDE = SEED_AUTHORS[SEED_IDEAS[ON_REQUEST].author];
/** The idea's smallest group. */
const ADULTS = SEED_IDEAS[ON_REQUEST].minPersons;

newVisitorEachTest();

/**
 * A new departure of the on-request idea on a day of this test's own (`slot`: language, screen and case), at a
 * random time, through the schedule API as its guide: parallel runs never hold each other's seats.
 */
async function freshDeparture(request: APIRequestContext, slot: number) {
  const headers = { 'x-forwarded-for': randomIp() };
  const login = await request.post('/api/v1/auth/login', {
    data: { email: GUIDE.email, password: AUTHOR_PASSWORD },
    headers,
  });
  expect(login.status()).toBe(200);
  const auth = { ...headers, Authorization: `Bearer ${(await login.json()).token}` };
  const idea = (await (await request.get(`/api/v1/ideas/${ON_REQUEST + 1}`)).json()).data;
  const day = new Date(Date.now() + (4 + slot) * DAY).toISOString().slice(0, 10);
  const { dateId } = await scheduleDeparture(request, auth, idea.hid, day, randomStartTime(), ADULTS * 2);
  return {
    hid: idea.hid as string,
    usualHours: idea.attributes.usual_response_hours as number | undefined,
    dateId,
  };
}

/** A new traveller, signed in in this page's browser, with a name in the journey's script. */
const signedUpTraveller = (page: Page, lang: string) =>
  signedUp(page, lang, `${lang === 'ru' ? 'Ольга' : 'Olga'} ${randomWord()}`);

for (const [journey, { prefix, lang, t }] of JOURNEYS.entries()) {
  for (const [index, answer] of (['accept', 'decline'] as const).entries()) {
    test(`${lang}: a traveller requests seats and the guide ${answer}s the request`, async ({
      page,
      browser,
      request,
    }, testInfo) => {
      test.setTimeout(180_000);
      const slot = journey * 4 + (testInfo.project.name === 'mobile' ? 2 : 0) + index;
      const departure = await freshDeparture(request, slot);
      const { name } = await signedUpTraveller(page, lang);

      // The panel says it is a request, and how soon the guide answers.
      await page.goto(localized(prefix, `/go/${departure.hid}?date=${departure.dateId}&adults=${ADULTS}`));
      await waitForHydration(page);
      const panel = page.locator('section[aria-labelledby="booking-title"]');
      await expect(panel).toContainText(messageLead(t.idea.booking.requestNote));
      await expect(panel).toContainText(/24/);
      if (departure.usualHours) await expect(panel).toContainText(messageLead(t.idea.booking.usuallyAnswers));
      const requestButton = panel.getByRole('button', { name: t.idea.booking.request, exact: true });
      await expect(requestButton).toBeEnabled({ timeout: 20_000 });
      await requestButton.click();
      if ((page.viewportSize()?.width ?? 1280) < 768)
        await page
          .getByRole('dialog', { name: t.idea.booking.sheetTitle })
          .getByRole('button', { name: t.idea.booking.sheetContinue })
          .click();
      const dialog = page.getByRole('dialog', { name: t.bookings.confirmTitle });
      await expect(dialog).toContainText(messageLead(t.bookings.requestLead));
      const { card, badge } = await sendRequest(page, t, prefix, '/api/v1/bookings');

      // Requested: the amber badge and the guide's deadline.
      await expect(badge).toHaveText(t.bookings.status.requested);
      await expect(badge).toHaveAttribute('data-status', 'requested');
      await expect(card).toContainText(messageLead(t.bookings.answerBy));

      const { context, guide: guidePage } = await guideSignedInAt(
        browser,
        page,
        GUIDE.email,
        localized(prefix, '/office/requests'),
      );
      await expect(guidePage.getByRole('heading', { level: 1, name: t.office.requests.title })).toBeVisible();
      const row = guidePage.getByRole('listitem').filter({ hasText: name });
      await expect(row).toBeVisible();
      await expectNoSeriousA11yViolations(guidePage, `${prefix}/office/requests ${page.viewportSize()?.width}px: `);

      if (answer === 'accept') {
        await row.getByRole('button', { name: t.office.requests.accept }).click();
        await expect(guidePage.getByText(t.office.requests.accepted)).toBeVisible();
        await expect(row).toHaveCount(0);
        // The traveller's open page shows it without a reload.
        await expect(badge).toHaveText(t.bookings.status.confirmed, { timeout: 20_000 });
      } else {
        const reason =
          lang === 'ru' ? 'В этот день катер занят, есть места через неделю' : 'The boat is taken that day';
        await row.getByRole('button', { name: t.office.requests.decline }).click();
        const decline = guidePage.getByRole('alertdialog', { name: t.office.requests.declineTitle });
        await decline.getByRole('textbox', { name: t.office.requests.declineMessage }).fill(reason);
        await decline.getByRole('button', { name: t.office.requests.declineConfirm }).click();
        await expect(guidePage.getByText(t.office.requests.declined)).toBeVisible();
        await expect(row).toHaveCount(0);
        await expect(badge).toHaveText(t.bookings.status.declined, { timeout: 20_000 });
        await expect(card).toContainText(t.bookings.ended.declined.replace('{reason}', reason));
      }
      await context.close();

      // After a reload too.
      await page.reload();
      await waitForHydration(page);
      await expect(badge).toHaveText(t.bookings.status[answer === 'accept' ? 'confirmed' : 'declined']);
    });
  }
}
