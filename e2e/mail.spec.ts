import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  localized,
  openBookingConfirmation,
  randomIp,
  waitForHydration,
  JOURNEYS,
  newVisitorEachTest,
  randomWord,
} from './support';

// Emails leave through the queue's worker in the server (EMAIL_DRIVER=outbox, playwright.config.ts): the tests read
// them from GET /api/v1/test/email-outbox.

newVisitorEachTest();

interface OutboxEmail {
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: string }[];
}

/** The emails sent to an address so far, newest first. */
async function inbox(page: Page, to: string): Promise<OutboxEmail[]> {
  const response = await page.request.get(`/api/v1/test/email-outbox?to=${encodeURIComponent(to)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: OutboxEmail[] }).data;
}

/** Waits for an email whose subject matches, and answers it. */
async function waitForEmail(page: Page, to: string, subject: string | RegExp): Promise<OutboxEmail> {
  let found: OutboxEmail | undefined;
  await expect
    .poll(async () => {
      found = (await inbox(page, to)).find((m) =>
        typeof subject === 'string' ? m.subject === subject : subject.test(m.subject),
      );
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

/** An account registered in the journey's language; through `page.request` the page is signed in too. */
async function registered(request: APIRequestContext, lang: string) {
  const account = { name: `Путешественник ${randomWord()}`, email: `mail-${Date.now()}-${randomWord()}@example.com` };
  const password = `pass-${randomWord()}-A1`;
  const response = await request.post('/api/v1/auth/register', {
    data: { ...account, password, passwordConfirm: password, acceptPolicy: true },
    headers: { Locale: lang, 'x-forwarded-for': randomIp() },
  });
  expect(response.status()).toBe(201);
  return { ...account, password };
}

for (const { prefix, lang, t } of JOURNEYS) {
  test(`${lang}: forgot password → the emailed link → a new password → signed in with it`, async ({
    page,
    request,
  }) => {
    // Registered from outside the page: the page stays anonymous.
    const account = await registered(request, lang);
    await page.goto(localized(prefix, '/login/email'));
    await waitForHydration(page);
    await page.getByRole('link', { name: t.recovery.forgotLink }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/login/forgot$`));
    await expect(page.getByRole('heading', { level: 1, name: t.recovery.forgot.title })).toBeVisible();
    await waitForHydration(page);
    await page.getByRole('textbox', { name: t.authForms.email }).fill(account.email);
    await page.getByRole('button', { name: t.recovery.send }).click();
    await expect(page.getByRole('status')).toContainText(t.recovery.sentTitle);

    const email = await waitForEmail(page, account.email, t.mail.passwordReset.subject);
    const link = new URL(/(https?:\/\/\S+\/login\/reset\?token=[\w-]+)/.exec(email.text)![1]);
    expect(link.pathname).toBe(`${prefix}/login/reset`);

    await page.goto(`${link.pathname}${link.search}`);
    await expect(page.getByRole('heading', { level: 1, name: t.recovery.reset.title })).toBeVisible();
    await waitForHydration(page);
    const password = `new-${randomWord()}-B2`;
    await page.getByLabel(t.authForms.password, { exact: true }).fill(password);
    await page.getByLabel(t.authForms.passwordConfirm).fill(password);
    await page.getByRole('button', { name: t.recovery.save }).click();
    await expect(page.getByRole('status')).toContainText(t.recovery.done);
    await page.getByRole('link', { name: t.recovery.toLogin }).click();

    await expect(page).toHaveURL(new RegExp(`${prefix}/login/email`));
    await waitForHydration(page);
    await page.getByRole('textbox', { name: t.authForms.email }).fill(account.email);
    await page.getByLabel(t.authForms.password, { exact: true }).fill(password);
    await page.getByRole('button', { name: t.authForms.signIn, exact: true }).click();
    await expect(page.getByRole('button', { name: t.auth.userMenu.replace('{name}', account.name) })).toBeVisible();
    await waitForEmail(page, account.email, t.mail.passwordChanged.subject);

    // The link is spent: opened again, it says so and offers a new one.
    await page.goto(`${link.pathname}${link.search}`);
    await waitForHydration(page);
    const another = `again-${randomWord()}-C3`;
    await page.getByLabel(t.authForms.password, { exact: true }).fill(another);
    await page.getByLabel(t.authForms.passwordConfirm).fill(another);
    await page.getByRole('button', { name: t.recovery.save }).click();
    await expect(page.getByRole('alert').filter({ hasText: t.recovery.tokenUsed })).toBeVisible();
    await expect(page.getByRole('link', { name: t.recovery.requestNew })).toBeVisible();
  });
}

interface IdeaItem {
  hid: string;
  attributes: { title: string };
  relationships: {
    price?: { data: { amount: number | null } };
    futureDates?: { data: { id: number; attributes: { seats_left: number } }[] };
  };
}

for (const { prefix, lang, t } of JOURNEYS) {
  test(`${lang}: a booking is confirmed by email with a calendar event`, async ({ page }) => {
    const account = await registered(page.request, lang);
    const list = (await (
      await page.request.get('/api/v1/ideas?limit=40&include=price,futureDates', { headers: { Locale: lang } })
    ).json()) as { data: IdeaItem[] };
    const idea = list.data.find(
      (i) =>
        i.relationships.price?.data.amount != null &&
        (i.attributes as { booking_mode?: string }).booking_mode !== 'request' &&
        i.relationships.futureDates?.data.some((d) => d.attributes.seats_left >= 2),
    );
    expect(idea, 'the seed has a bookable idea').toBeDefined();

    await page.goto(localized(prefix, `/go/${idea!.hid}`));
    await waitForHydration(page);
    const dialog = await openBookingConfirmation(page, t);
    await dialog.getByRole('button', { name: t.bookings.confirm }).click();
    await expect(page).toHaveURL(/\/account\/booking$/);

    const subject = t.mail.bookingConfirmed.subject.replace('{title}', idea!.attributes.title);
    const email = await waitForEmail(page, account.email, subject);
    expect(email.text).toContain(`/go/${idea!.hid}`);
    const [ics] = email.attachments;
    expect(ics.filename).toMatch(/\.ics$/);
    expect(ics.contentType).toContain('text/calendar');
    expect(ics.content).toContain('BEGIN:VEVENT');
    expect(ics.content).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  });
}

test('password recovery pages have no serious accessibility problems', async ({ page }) => {
  for (const path of [
    '/login/forgot',
    '/login/reset?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    '/login/reset',
  ])
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await waitForHydration(page);
      await expectNoSeriousA11yViolations(page);
    }
});
