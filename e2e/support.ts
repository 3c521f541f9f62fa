import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import en from '../messages/en.json';
import ru from '../messages/ru.json';

export const LOCALES = [
  { prefix: '', lang: 'ru' },
  { prefix: '/en', lang: 'en' },
  { prefix: '/cn', lang: 'zh-CN' },
] as const;

/** The journeys most files run twice: in Russian and in English, with the messages they read. */
export const JOURNEYS = [
  { prefix: '', lang: 'ru', t: ru },
  { prefix: '/en', lang: 'en', t: en },
] as const;

/** Every public route of SPEC section 2 (unprefixed form). */
export const PUBLIC_ROUTES = [
  '/',
  '/go',
  '/go/1',
  '/login',
  '/login/email',
  '/login/phone',
  '/register',
  '/a/place-search',
  '/info/confidential-policy',
  '/info/infoAbout',
  '/pages/ecoTravel',
] as const;

export const GATED_ROUTES = [
  '/account',
  '/account/main',
  '/account/password',
  '/account/booking',
  '/account/favourites',
  '/office',
] as const;

export const ERROR_ROUTES = [
  ['/error/e400', 400],
  ['/error/e403', 403],
  ['/error/e404', 404],
  ['/error/e503', 503],
] as const;

export const localized = (prefix: string, path: string) => (prefix && path === '/' ? prefix : `${prefix}${path}`);

/** Marks the cookie notice as accepted before any page script runs, so it stays out of the way. */
export async function acceptCookiesUpFront(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('cookieAccepted', 'true'));
}

/** Resolves once React has hydrated the page (hydrated elements carry React's fiber keys). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const element = document.querySelector('main') ?? document.querySelector('header');
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  });
}

/**
 * Resolves once React has hydrated this element. The phone header's filter hydrates after the page's main
 * part (it streams in later), and a tap on it before that does nothing.
 */
export async function waitForHydrated(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);
}

/** Console errors, hydration warnings and uncaught exceptions of a page, each with the address it happened on. */
export function watchProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text()))
      problems.push(`${page.url()} ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${page.url()} pageerror: ${error.message}`));
  return problems;
}

/** A client address of its own (the e2e server trusts one proxy hop), so rate limits never cross tests. */
export const randomIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

/** Eight random letters and digits, for names and addresses no other test uses. */
export const randomWord = () => Math.random().toString(36).slice(2, 10);

/** Every test of the calling file comes as a new visitor: cookies accepted up front, a client address of its own. */
export function newVisitorEachTest() {
  test.beforeEach(async ({ page }) => {
    await acceptCookiesUpFront(page);
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': randomIp() });
  });
}

/** Signs in through `/login/email` (in ru) and waits until the page has left the sign-in form. */
export async function signInByEmail(page: Page, email: string, password: string, next = '/') {
  await page.goto(`/login/email?next=${encodeURIComponent(next)}`);
  await waitForHydration(page);
  await page.getByLabel('Электронная почта').fill(email);
  await page.getByLabel('Пароль', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

export const MODERATOR = { email: 'moderator@sopka.travel', password: 'sopka-moderator-2026' } as const;
/** The first demo guide (lib/server/demo): the author of most seeded ideas. */
export const DEMO_GUIDE = { email: 'anna@demo.sopka.travel', password: 'sopka-author-2026' } as const;
/** Every seeded author's password (lib/server/demo). */
export const AUTHOR_PASSWORD = DEMO_GUIDE.password;

/** An ICU message's words before its first placeholder: what a test can read whatever the number or date. */
export const messageLead = (message: string) => message.split('{')[0].trim();

/** A guide signed in at `path` in a browser of their own, at the width of `page`. */
export async function guideSignedInAt(browser: Browser, page: Page, email: string, path: string) {
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    extraHTTPHeaders: { 'x-forwarded-for': randomIp() },
  });
  const guide = await context.newPage();
  await acceptCookiesUpFront(guide);
  await signInByEmail(guide, email, AUTHOR_PASSWORD, path);
  await guide.goto(path);
  await waitForHydration(guide);
  return { context, guide };
}

/** The Authorization header of an account signed in through the API (the page's cookies untouched). */
export async function bearer(request: APIRequestContext, email: string, password: string) {
  const response = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  return { Authorization: `Bearer ${(await response.json()).token}` };
}

/** A local start time `HH:MM` between 06:00 and 20:59 that parallel runs are unlikely to share. */
export const randomStartTime = () =>
  `${String(6 + Math.floor(Math.random() * 15)).padStart(2, '0')}:${String(Math.floor(Math.random() * 60)).padStart(2, '0')}`;

/**
 * The guide (`auth`) adds one departure of their idea at a local day and time (Vladivostok), through the schedule
 * API; its id and start as the idea's dates list them.
 */
export async function scheduleDeparture(
  request: APIRequestContext,
  auth: Record<string, string>,
  ideaHid: string,
  day: string,
  time: string,
  seats = 6,
): Promise<{ dateId: number; startsAt: string }> {
  const weekday = ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  const scheduled = await request.post(`/api/v1/ideas/${ideaHid}/departures/schedule`, {
    headers: auth,
    data: { weekdays: [weekday], times: [time], from: day, to: day, seats },
  });
  expect(scheduled.status(), await scheduled.text()).toBe(201);
  const startsAt = (await scheduled.json()).data.departures[0].starts_at as string;
  const detail = await request.get(`/api/v1/ideas/${ideaHid}?include=futureDates`);
  const date = (await detail.json()).data.relationships.futureDates.data.find(
    (d: { attributes: { starts_at: string } }) => Date.parse(d.attributes.starts_at) === Date.parse(startsAt),
  );
  expect(date, 'the new departure is on sale').toBeDefined();
  return { dateId: date.id as number, startsAt };
}

/**
 * A traveller registered in a browser context of their own (an address of its own, so rate limits never cross
 * tests) who books the departure for two through the API: the booking's answer; the caller closes `context`.
 */
export async function bookedByNewTraveller(
  browser: Browser,
  baseURL: string,
  departure: { ideaHid: string; dateId: number },
  name: string,
) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': randomIp() } });
  const password = `pass-${randomWord()}-A1`;
  const registered = await context.request.post('/api/v1/auth/register', {
    data: {
      name,
      email: `traveller-${Date.now()}-${randomWord()}@example.com`,
      password,
      passwordConfirm: password,
      acceptPolicy: true,
    },
  });
  expect(registered.status()).toBe(201);
  const auth = { Authorization: `Bearer ${(await registered.json()).token}` };
  const booked = await context.request.post('/api/v1/bookings', {
    headers: auth,
    data: {
      idea_id: departure.ideaHid,
      idea_date_id: departure.dateId,
      adults: 2,
      children: 0,
      contact: { name, phone: '+79141234567' },
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return { context, auth, booking: await booked.json() };
}

/** axe (WCAG 2 A and AA) finds nothing serious or critical; `label` prefixes each violation, e.g. the path or width. */
export async function expectNoSeriousA11yViolations(page: Page, label = '') {
  // Judge the page at rest: a filter chip just released fades its background for 180 ms while its text colour
  // flips at once, and axe caught it mid-fade as poor contrast (a flaky failure in CI). The wait is bounded: a
  // transition whose element the browser stops rendering never finishes, and once held a journey for its whole
  // two-minute timeout (the first axe check of /go in a CI run).
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation instanceof CSSTransition)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((settled) => setTimeout(settled, 2_000)),
    ]),
  );
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${label}${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  await expectToFitItsWidth(page, label);
}

/**
 * The page reflows into the window (WCAG 1.4.10): nothing makes it wider. On a phone a wider page is zoomed out
 * as a whole, and taps then land on the wrong element (a dialog's own overlay took its confirm button's taps).
 */
export async function expectToFitItsWidth(page: Page, label = '') {
  const width = page.viewportSize()!.width;
  const laidOut = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(laidOut, `${label}the page is wider than the window`).toBeLessThanOrEqual(width);
}

/** The texts of the booking steps, in the page's language (messages/*.json `idea.booking` and `bookings`). */
interface BookingTexts {
  idea: { booking: { book: string; sheetTitle: string; sheetContinue: string } };
  bookings: { confirmTitle: string; contactPhone: string };
}

/**
 * From a signed-in idea page to the booking confirmation: the panel's button on desktop; on phones the bottom
 * bar's, then "Continue" in the sheet of date and guests. Fills in the phone when the profile has none.
 */
export async function openBookingConfirmation(page: Page, t: BookingTexts, phone = '+79141234567') {
  const panel = page.locator('section[aria-labelledby="booking-title"]');
  const book = panel.getByRole('button', { name: t.idea.booking.book, exact: true });
  // The signed-in label shows once the stored session has been restored after hydration.
  await expect(book).toBeEnabled({ timeout: 20_000 });
  await book.click();
  if ((page.viewportSize()?.width ?? 1280) < 768) {
    const sheet = page.getByRole('dialog', { name: t.idea.booking.sheetTitle });
    await sheet.getByRole('button', { name: t.idea.booking.sheetContinue }).click();
  }
  const dialog = page.getByRole('dialog', { name: t.bookings.confirmTitle });
  const phoneField = dialog.getByRole('textbox', { name: t.bookings.contactPhone });
  if (!(await phoneField.inputValue())) await phoneField.fill(phone);
  return dialog;
}

/**
 * Sends the open booking confirmation as a request (the phone filled in when the profile has none), the page landing
 * on /account/booking: the booking's hid, card and state badge there. `endpoint` is the end of the POST it makes.
 */
export async function sendRequest(
  page: Page,
  t: { bookings: { confirmTitle: string; contactPhone: string; requestConfirm: string } },
  prefix: string,
  endpoint: string,
) {
  const dialog = page.getByRole('dialog', { name: t.bookings.confirmTitle });
  const phone = dialog.getByRole('textbox', { name: t.bookings.contactPhone });
  if (!(await phone.inputValue())) await phone.fill('+79141234567');
  const sent = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(endpoint));
  await dialog.getByRole('button', { name: t.bookings.requestConfirm }).click();
  const hid = (await (await sent).json()).data.hid as string;
  await expect(page).toHaveURL(new RegExp(`${prefix}/account/booking`));
  const card = page.locator(`[id="booking-${hid}"]`);
  return { hid, card, badge: card.locator('[data-status]') };
}

/** A new account, signed in in this page's browser: its name, email and password. */
export async function signedUp(page: Page, lang: string, name?: string) {
  const id = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const account = { name: name ?? `Гость ${id}`, email: `booking-${id}@example.com`, password: `pass-${id}-A1` };
  const response = await page.request.post('/api/v1/auth/register', {
    data: { ...account, passwordConfirm: account.password, acceptPolicy: true },
    headers: { Locale: lang },
  });
  expect(response.status()).toBe(201);
  return account;
}
