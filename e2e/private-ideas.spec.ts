import { expect, test, type Page } from '@playwright/test';
import cn from '../messages/cn.json';
import { SEED_AUTHORS, SEED_IDEAS } from '../lib/server/demo/content/ideas';
import { localDay, localDeparture } from '../lib/time/local-time';
import {
  acceptCookiesUpFront,
  expectNoSeriousA11yViolations,
  guideSignedInAt,
  JOURNEYS,
  localized,
  messageLead,
  newVisitorEachTest,
  randomWord,
  sendRequest,
  signedUp,
  signInByEmail,
  waitForHydration,
} from './support';

// A private idea (docs/booking-states.md): the traveller proposes a time, the guide suggests another, the
// traveller accepts it, and both see the booking confirmed (in ru, en and cn); an anonymous visitor's choice comes
// back with them from signing in.

const PRIVATE = SEED_IDEAS.findIndex((idea) => idea.key === 'cape-tobizin-morning-walk');
const GUIDE = SEED_AUTHORS[SEED_IDEAS[PRIVATE].author];

newVisitorEachTest();

/** The main path runs in Chinese too. */
const WITH_CHINESE = [...JOURNEYS, { prefix: '/cn', lang: 'zh-CN', t: cn }] as const;

/** A local day `offset` days ahead: each test takes days of its own (the seeded days off are 9 and 10). */
const dayAhead = (offset: number) => localDay(localDeparture(new Date(), offset, '12:00'));

/** A new traveller, signed in in this page's browser, with a name in the journey's script. */
const signedUpTraveller = (page: Page, lang: string) =>
  signedUp(page, lang, `${lang === 'ru' ? 'Ольга' : 'Olga'} ${randomWord()}`);

for (const [journey, { prefix, lang, t }] of WITH_CHINESE.entries()) {
  test(`${lang}: a traveller proposes a private trip, the guide suggests another time, the traveller accepts`, async ({
    page,
    browser,
    request,
  }, testInfo) => {
    test.setTimeout(180_000);
    const slot = journey * 2 + (testInfo.project.name === 'mobile' ? 1 : 0);
    const day = dayAhead(12 + slot * 2);
    const otherDay = dayAhead(13 + slot * 2);
    const idea = (await (await request.get(`/api/v1/ideas/${PRIVATE + 1}`)).json()).data;
    const { name } = await signedUpTraveller(page, lang);

    // The panel: a day, its free times in Vladivostok time, the price per group.
    await page.goto(localized(prefix, `/go/${idea.hid}`));
    await waitForHydration(page);
    const panel = page.locator('section[aria-labelledby="booking-title"]');
    await expect(panel).toContainText(t.idea.private.perGroup);
    await panel.getByLabel(t.idea.private.day).fill(day);
    const times = panel.getByRole('group', { name: t.idea.private.time });
    await times.getByText('07:00', { exact: true }).click();
    await expectNoSeriousA11yViolations(page, `${prefix}/go private ${page.viewportSize()?.width}px: `);
    await panel.getByRole('button', { name: t.idea.private.propose }).click();
    const { hid: bookingHid, card, badge } = await sendRequest(page, t, prefix, '/proposals');
    await expect(badge).toHaveAttribute('data-status', 'requested');

    // The guide suggests the next morning instead.
    const { context, guide } = await guideSignedInAt(browser, page, GUIDE.email, localized(prefix, '/office/requests'));
    const row = guide.getByRole('listitem').filter({ hasText: name });
    await row.getByRole('button', { name: t.office.requests.counter.open }).click();
    const counter = guide
      .getByRole('dialog', { name: t.office.requests.counter.title })
      .or(guide.getByRole('alertdialog', { name: t.office.requests.counter.title }));
    await counter.getByLabel(t.office.requests.counter.day).fill(otherDay);
    const select = counter.getByLabel(t.office.requests.counter.time);
    await expect(select.locator('option', { hasText: '07:00' })).toHaveCount(1);
    await select.selectOption('07:00');
    await expectNoSeriousA11yViolations(guide, `${prefix}/office/requests counter ${page.viewportSize()?.width}px: `);
    await counter.getByRole('button', { name: t.office.requests.counter.send }).click();
    await expect(guide.getByText(t.office.requests.counter.sent)).toBeVisible();

    // The traveller's open page hears of it, and accepts the guide's time.
    await expect(badge).toHaveAttribute('data-status', 'countered', { timeout: 20_000 });
    const accept = card.getByRole('button', { name: t.bookings.proposal.accept });
    await expect(accept).toBeVisible({ timeout: 20_000 });
    await accept.click();
    await expect(badge).toHaveAttribute('data-status', 'confirmed', { timeout: 20_000 });

    // Both see it confirmed.
    await guide.goto(localized(prefix, `/account/booking/${bookingHid}`));
    await waitForHydration(guide);
    await expect(guide.locator(`[id="booking-${bookingHid}"] [data-status]`)).toHaveAttribute(
      'data-status',
      'confirmed',
    );
    await context.close();
    await page.reload();
    await waitForHydration(page);
    await expect(badge).toHaveText(t.bookings.status.confirmed);
    await expect(card).toContainText(messageLead(t.bookings.proposal.counter));
    await expectNoSeriousA11yViolations(page, `${prefix}/account/booking ${page.viewportSize()?.width}px: `);
  });
}

for (const [journey, { prefix, lang, t }] of JOURNEYS.entries()) {
  test(`${lang}: an anonymous visitor's day, start time and group come back with them from signing in`, async ({
    page,
    request,
  }, testInfo) => {
    const slot = journey * 2 + (testInfo.project.name === 'mobile' ? 1 : 0);
    const day = dayAhead(40 + slot);
    const idea = (await (await request.get(`/api/v1/ideas/${PRIVATE + 1}`)).json()).data;
    const traveller = await signedUpTraveller(page, lang);
    // Registering signed the page's context in: the visitor is anonymous again.
    await page.context().clearCookies();
    await acceptCookiesUpFront(page);

    await page.goto(localized(prefix, `/go/${idea.hid}`));
    await waitForHydration(page);
    const panel = page.locator('section[aria-labelledby="booking-title"]');
    await panel.getByLabel(t.idea.private.day).fill(day);
    const times = panel.getByRole('group', { name: t.idea.private.time });
    await times.getByText('08:00', { exact: true }).click();
    const adults = panel.getByRole('group', { name: t.idea.booking.adults }).locator('output');
    await panel.getByRole('group', { name: t.idea.booking.adults }).getByRole('button').last().click();
    await panel.getByRole('group', { name: t.idea.booking.adults }).getByRole('button').last().click();
    await expect(adults).toHaveText('3');
    await panel.getByRole('button', { name: t.idea.booking.signInToBook }).click();
    await page.waitForURL(/\/login/);
    const next = new URL(page.url()).searchParams.get('next')!;
    expect(next).toBe(localized(prefix, `/go/${idea.hid}?day=${day}&time=08%3A00&adults=3&children=0`));

    // Signing in follows `next` back to the idea with the same choice, ready to propose.
    await signInByEmail(page, traveller.email, traveller.password, next);
    await waitForHydration(page);
    await expect(panel.getByLabel(t.idea.private.day)).toHaveValue(day);
    await expect(times.getByRole('radio', { name: '08:00' })).toBeChecked();
    await expect(adults).toHaveText('3');
    await panel.getByRole('button', { name: t.idea.private.propose }).click();
    await expect(page.getByRole('dialog', { name: t.bookings.confirmTitle })).toBeVisible();
  });
}
