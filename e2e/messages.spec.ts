import { expect, test, type Page } from '@playwright/test';
import { SEED_AUTHORS, SEED_IDEAS } from '../lib/server/demo/content/ideas';
import {
  acceptCookiesUpFront,
  expectNoSeriousA11yViolations,
  expectToFitItsWidth,
  JOURNEYS,
  newVisitorEachTest,
  randomIp,
  signInByEmail,
  waitForHydration,
} from './support';

const AUTHOR_PASSWORD = 'sopka-author-2026';

newVisitorEachTest();

/**
 * The page's live event stream has answered (GET /api/v1/events): from then on the server sends this user's events
 * to the page. Start waiting before the navigation that opens it.
 */
const eventStreamOpened = (page: Page) =>
  page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/events' && response.ok());

/** A new account made through the API (the page stays anonymous). */
async function registered(page: Page, lang: string) {
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  // A name in the journey's script: on /en the guide reads a Cyrillic name transliterated (issue 41, item 2).
  const name = lang === 'ru' ? `Путник ${id}` : `Traveller ${id}`;
  const account = { name, email: `ask-${id}@example.com`, password: `pass-${id}-A1` };
  const response = await page.context().request.post('/api/v1/auth/register', {
    data: { ...account, passwordConfirm: account.password, acceptPolicy: true },
    headers: { Locale: lang, 'x-forwarded-for': randomIp() },
  });
  expect(response.status()).toBe(201);
  // Registering signs the API context in: leave the page anonymous.
  await page.context().clearCookies();
  await acceptCookiesUpFront(page);
  return account;
}

for (const [journey, { prefix, lang, t }] of JOURNEYS.entries()) {
  test(`${lang}: a traveller asks the guide, the guide answers, a phone number stays hidden before booking`, async ({
    page,
    browser,
  }, testInfo) => {
    // Each journey and project asks about an idea of its own.
    const slot = journey + (testInfo.project.name === 'mobile' ? 2 : 0);
    const published = SEED_IDEAS.map((idea, index) => ({ idea, id: index + 1 })).filter(
      ({ idea }) => idea.status === 'published',
    );
    const { idea, id } = published[20 + slot];
    const guide = SEED_AUTHORS[idea.author];
    const ideaHid = (await (await page.request.get(`/api/v1/ideas/${id}`)).json()).data.hid as string;
    const traveller = await registered(page, lang);

    // Anonymous: "Ask the guide" signs in and comes back to the open question form.
    await page.goto(`${prefix}/go/${ideaHid}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: t.conversations.ask }).click();
    await page.waitForURL(/\/login/);
    const next = new URL(page.url()).searchParams.get('next')!;
    expect(next).toContain('ask=1');
    const travellerStream = eventStreamOpened(page);
    await signInByEmail(page, traveller.email, traveller.password, next);
    const dialog = page.getByRole('dialog', { name: t.conversations.askTitle });
    await expect(dialog).toBeVisible({ timeout: 20_000 });
    const question = `${lang === 'ru' ? 'Здравствуйте! Мой номер' : 'Hello! My number is'} +7 914 123-45-67`;
    await dialog.getByLabel(t.conversations.askLabel).fill(question);
    await dialog.getByRole('button', { name: t.conversations.askSend }).click();
    await dialog.getByRole('link', { name: t.conversations.openThread }).click();
    await page.waitForURL(/\/account\/messages\/[A-Za-z]+/);
    // The sender reads their own text as written.
    const ownThread = page.getByRole('list', { name: t.conversations.messagesLabel });
    await expect(ownThread.getByText(question)).toBeVisible();

    // The guide, in a browser of their own at the same width, answers from the inbox.
    const guideContext = await browser.newContext({
      viewport: page.viewportSize(),
      extraHTTPHeaders: { 'x-forwarded-for': randomIp() },
    });
    const guidePage = await guideContext.newPage();
    await acceptCookiesUpFront(guidePage);
    await signInByEmail(guidePage, guide.email, AUTHOR_PASSWORD, `${prefix}/account/messages`);
    await guidePage.goto(`${prefix}/account/messages`);
    await waitForHydration(guidePage);
    // The account menu's unread badge (the traveller's question) keeps within the phone's width.
    await expect(guidePage.locator('nav a[href$="/account/messages"]').first()).toContainText(/\d/);
    await expectToFitItsWidth(guidePage, `${prefix}/account/messages: `);
    await guidePage.getByRole('link', { name: new RegExp(traveller.name) }).click();
    const thread = guidePage.getByRole('list', { name: t.conversations.messagesLabel });
    await expect(thread.getByText(t.conversations.contactHidden)).toBeVisible({ timeout: 20_000 });
    await expect(thread.getByText('914 123-45-67')).toHaveCount(0);
    const answer = lang === 'ru' ? 'Здравствуйте! Места есть, ждём вас.' : 'Hello! There are places, see you soon.';
    await guidePage.getByLabel(t.conversations.yourMessage).fill(answer);
    await travellerStream;
    await guidePage.getByRole('button', { name: t.conversations.send, exact: true }).click();
    await expect(thread.getByText(answer)).toBeVisible();

    // The traveller, their thread still open, sees the answer arrive without reloading.
    await expect(ownThread.getByText(answer)).toBeVisible({ timeout: 20_000 });

    // Elsewhere in the account, the menu's unread badge counts the guide's next message as it arrives.
    const bookingsStream = eventStreamOpened(page);
    await page.goto(`${prefix}/account/booking`);
    await waitForHydration(page);
    await bookingsStream;
    const messagesEntry = page
      .getByRole('navigation', { name: t.nav.accountMenu })
      .getByRole('link', { name: new RegExp(t.nav.accountMessages) });
    await expect(messagesEntry).not.toContainText(/\d/);
    const more = lang === 'ru' ? 'Возьмите тёплую куртку.' : 'Bring a warm jacket.';
    await guidePage.getByLabel(t.conversations.yourMessage).fill(more);
    await guidePage.getByRole('button', { name: t.conversations.send, exact: true }).click();
    await expect(thread.getByText(more)).toBeVisible();
    await expect(messagesEntry).toContainText('1', { timeout: 20_000 });
    await guideContext.close();

    await page.goto(`${prefix}/account/messages`);
    await waitForHydration(page);
    await expect(page.locator('nav a[href*="/account/messages/"]').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, `${prefix}/account/messages ${page.viewportSize()?.width}px: `);
  });
}
