import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import ru from '../messages/ru.json';
import {
  expectNoSeriousA11yViolations,
  localized,
  openBookingConfirmation,
  waitForHydration,
  JOURNEYS,
  newVisitorEachTest,
  randomIp,
  randomWord,
} from './support';

interface Account {
  name: string;
  email: string;
  password: string;
}
const newAccount = (): Account => ({
  name: `Путешественник ${randomWord()}`,
  email: `e2e-${Date.now()}-${randomWord()}@example.com`,
  password: `pass-${randomWord()}-A1`,
});

newVisitorEachTest();

/** An account made through the API of the page's own browser context, so the page is signed in too. */
async function signedUp(page: Page): Promise<Account> {
  const account = newAccount();
  const response = await page.request.post('/api/v1/auth/register', {
    data: { ...account, passwordConfirm: account.password, acceptPolicy: true },
  });
  expect(response.status()).toBe(201);
  return account;
}

/** An account made from outside the browser (the browser stays anonymous). */
async function registeredElsewhere(request: APIRequestContext): Promise<Account> {
  const account = newAccount();
  const response = await request.post('/api/v1/auth/register', {
    data: { ...account, passwordConfirm: account.password, acceptPolicy: true },
    headers: { 'x-forwarded-for': randomIp() },
  });
  expect(response.status()).toBe(201);
  return account;
}

/** Fills in /register (of the locale at `prefix`) with `account`, terms accepted, and sends it. */
async function register(page: Page, prefix: string, account: Account, t: typeof ru) {
  await page.goto(localized(prefix, '/register'));
  await waitForHydration(page);
  await page.getByLabel(t.authForms.name).fill(account.name);
  await page.getByRole('textbox', { name: t.authForms.email }).fill(account.email);
  await page.getByLabel(t.authForms.password, { exact: true }).fill(account.password);
  await page.getByLabel(t.authForms.passwordConfirm).fill(account.password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: t.authForms.register, exact: true }).click();
}

const userMenu = (page: Page, name: string, t: typeof ru = ru) =>
  page.getByRole('button', { name: t.auth.userMenu.replace('{name}', name) });

async function signOut(page: Page, name: string, t: typeof ru = ru) {
  await userMenu(page, name, t).click();
  await page.getByRole('button', { name: t.auth.logoutAction }).click();
  await expect(userMenu(page, name, t)).toHaveCount(0);
}

async function signInByEmail(
  page: Page,
  prefix: string,
  account: { email: string; password: string },
  t: typeof ru = ru,
) {
  await page.goto(localized(prefix, '/login/email'));
  await waitForHydration(page);
  await page.getByRole('textbox', { name: t.authForms.email }).fill(account.email);
  await page.getByLabel(t.authForms.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: t.authForms.signIn, exact: true }).click();
}

for (const { prefix, lang, t } of JOURNEYS) {
  test(`${lang}: a new traveller registers, signs out and signs in again by email`, async ({ page }) => {
    const account = newAccount();
    await register(page, prefix, account, t);
    await expect(userMenu(page, account.name, t)).toBeVisible();

    await signOut(page, account.name, t);
    await signInByEmail(page, prefix, account, t);
    await expect(userMenu(page, account.name, t)).toBeVisible();
    await page.goto(localized(prefix, '/account'));
    await expect(
      page.getByRole('heading', { level: 1, name: t.account.overview.greeting.replace('{name}', account.name) }),
    ).toBeVisible();
  });
}

// `next` as an attacker writes it into a link: a tab (the browser drops it, and `//host` is left) or a backslash (read as `/`).
for (const hostile of ['/%09/evil.example', '/%5Cevil.example']) {
  test(`signing in with next=${hostile} stays on this site and opens the account`, async ({
    page,
    request,
    baseURL,
  }) => {
    await page.route(
      (url) => url.hostname === 'evil.example',
      (route) => route.abort(),
    );
    const account = await registeredElsewhere(request);
    await page.goto(`/login/email?next=${hostile}`);
    await waitForHydration(page);
    await page.getByRole('textbox', { name: ru.authForms.email }).fill(account.email);
    await page.getByLabel(ru.authForms.password, { exact: true }).fill(account.password);
    await page.getByRole('button', { name: ru.authForms.signIn, exact: true }).click();
    await expect(page).toHaveURL(`${baseURL}/account`);
    await expect(
      page.getByRole('heading', { level: 1, name: ru.account.overview.greeting.replace('{name}', account.name) }),
    ).toBeVisible();
  });
}

for (const { prefix, lang, t } of JOURNEYS) {
  test(`${lang}: registering with one of the most common passwords says so on the password field`, async ({ page }) => {
    const account = { ...newAccount(), password: 'password123' };
    await register(page, prefix, account, t);
    await expect(page.getByText(t.forms.errors.passwordCommon)).toBeVisible();
    await expect(page).toHaveURL(/\/register/);
  });
}

test('the account gate sends a visitor to sign in and back to the page asked for', async ({ page, request }) => {
  const account = await registeredElsewhere(request);
  await page.goto('/account/main');
  await expect(page).toHaveURL(/\/login\?next=%2Faccount%2Fmain$/);
  await page.getByRole('link', { name: ru.pages.login.byEmail }).click();
  await expect(page).toHaveURL(/\/login\/email\?next=%2Faccount%2Fmain$/);
  await waitForHydration(page);
  await page.getByRole('textbox', { name: ru.authForms.email }).fill(account.email);
  await page.getByLabel(ru.authForms.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: ru.authForms.signIn, exact: true }).click();
  await expect(page).toHaveURL(/\/account\/main$/);
  await expect(page.getByText(ru.account.email.confirmed.replace('{email}', account.email))).toBeVisible();
});

test('the profile: name and its Latin spelling, about and an avatar, shown in the header at once and kept', async ({
  page,
}) => {
  const account = await signedUp(page);
  await page.goto('/account/main');
  const t = ru.account.profile;
  await expect(page.getByLabel(t.name, { exact: true })).toHaveValue(account.name);
  const name = `Аня ${randomWord()}`;
  await page.getByLabel(t.name, { exact: true }).fill(name);
  // A Chinese spelling in Latin letters is refused, with the field saying why.
  await page.getByLabel(t.nameZh).fill('Anya');
  await page.getByRole('button', { name: t.save }).click();
  await expect(page.getByText(ru.forms.errors.nameZh)).toBeVisible();
  await page.getByLabel(t.nameZh).fill('');
  await page.getByLabel(t.nameLatin).fill('Anya Sopkina');
  await page.getByLabel(t.about).fill('Люблю сопки и море.');
  const png = await sharp({ create: { width: 240, height: 240, channels: 3, background: { r: 11, g: 93, b: 122 } } })
    .png()
    .toBuffer();
  await page.getByLabel(t.avatarChoose).setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: t.avatarAlt })).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: t.save }).click();
  await expect(page.getByText(t.saved)).toBeVisible();

  const avatar = userMenu(page, name).locator('img');
  await expect(avatar).toHaveAttribute('src', /avatars\//);
  expect((await page.request.get(String(await avatar.getAttribute('src')))).status()).toBe(200);

  await page.reload();
  await expect(page.getByLabel(t.name, { exact: true })).toHaveValue(name);
  await expect(page.getByLabel(t.nameLatin)).toHaveValue('Anya Sopkina');
  await expect(page.getByLabel(t.about)).toHaveValue('Люблю сопки и море.');
  await expect(userMenu(page, name).locator('img')).toHaveAttribute('src', /avatars\//);
});

/** The latest 6-digit code the test SMS outbox holds for a number. */
async function smsCode(page: Page, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const answer = (await (
        await page.request.get(`/api/v1/test/sms-outbox?phone=${encodeURIComponent(phone)}`)
      ).json()) as { data: { text: string }[] };
      code = answer.data[0]?.text.match(/\d{6}/)?.[0] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

/** Signs in at /login/phone with `phone` and the code the SMS outbox holds for it. */
async function signInByPhone(page: Page, phone: string) {
  await page.goto('/login/phone');
  await waitForHydration(page);
  await page.getByLabel(ru.authForms.phone).fill(phone);
  await page.getByRole('button', { name: ru.authForms.sendCode }).click();
  await expect(page.getByLabel(ru.authForms.code)).toBeVisible();
  await page.getByLabel(ru.authForms.code).fill(await smsCode(page, phone));
  await page.getByRole('button', { name: ru.authForms.checkCode, exact: true }).click();
}

test('a new phone number is confirmed by the code sent to it, and then signs in to this account', async ({ page }) => {
  const account = await signedUp(page);
  const phone = `+7914${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  const t = ru.account.phone;
  await page.goto('/account/main');
  await waitForHydration(page);
  const section = page.getByRole('region', { name: t.title });
  await expect(section.getByRole('status')).toHaveText(t.none);
  await section.getByLabel(t.phone).fill(phone);
  await section.getByRole('button', { name: t.sendCode }).click();
  await expect(section.getByText(t.codeSent.replace('{phone}', phone))).toBeVisible();
  const codeField = section.getByLabel(ru.authForms.code);
  await expect(codeField).toBeFocused();
  // The number is not the account's until the code comes back.
  await expect(section.getByRole('status')).toHaveText(t.none);

  await codeField.fill(await smsCode(page, phone));
  await section.getByRole('button', { name: t.confirm }).click();
  await expect(section.getByRole('status')).toHaveText(t.confirmed.replace('{phone}', phone));
  await expect(codeField).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('region', { name: t.title }).getByRole('status')).toHaveText(
    t.confirmed.replace('{phone}', phone),
  );

  // The confirmed number now signs in to this very account.
  await signOut(page, account.name);
  await signInByPhone(page, phone);
  await expect(userMenu(page, account.name)).toBeVisible();
});

test('a changed password is the one to sign in with', async ({ page }) => {
  const account = await signedUp(page);
  await page.goto('/account/password');
  const t = ru.account.password;
  const password = `new-${randomWord()}-B2`;
  await page.getByLabel(t.old).fill(account.password);
  await page.getByLabel(t.new, { exact: true }).fill(password);
  await page.getByLabel(t.confirm).fill(password);
  await page.getByRole('button', { name: t.save }).click();
  await expect(page.getByText(t.changed)).toBeVisible();

  await signOut(page, account.name);
  await signInByEmail(page, '', account);
  await expect(page.getByText(ru.authForms.wrongCredentials)).toBeVisible();
  await signInByEmail(page, '', { ...account, password });
  await expect(userMenu(page, account.name)).toBeVisible();
});

interface IdeaItem {
  hid: string;
  attributes: { title: string; cancellation_policy: string | null };
  relationships: {
    price?: { data: { amount: number | null } };
    futureDates?: { data: { id: number; attributes: { seats_left: number; starts_at: string } }[] };
  };
}

test('a traveller books an idea, finds it in the account and cancels it', async ({ page }) => {
  await signedUp(page);
  const list = (await (await page.request.get('/api/v1/ideas?limit=40&include=price,futureDates')).json()) as {
    data: IdeaItem[];
  };
  // A departure more than a week away can be cancelled for free under any policy but non-refundable.
  const cancellable = (d: { attributes: { seats_left: number; starts_at: string } }) =>
    d.attributes.seats_left >= 2 && Date.parse(d.attributes.starts_at) > Date.now() + 8 * 86_400_000;
  const idea = list.data.find(
    (i) =>
      i.relationships.price?.data.amount != null &&
      i.attributes.cancellation_policy !== 'non_refundable' &&
      (i.attributes as { booking_mode?: string }).booking_mode !== 'request' &&
      i.relationships.futureDates?.data.some(cancellable),
  );
  expect(idea, 'the seed has a bookable idea').toBeDefined();

  await page.goto(`/go/${idea!.hid}`);
  await waitForHydration(page);
  const panel = page.locator('section[aria-labelledby="booking-title"]');
  await panel
    .getByLabel(ru.idea.booking.date)
    .selectOption(String(idea!.relationships.futureDates!.data.find(cancellable)!.id));
  const t = ru.bookings;
  const dialog = await openBookingConfirmation(page, ru);
  await expect(dialog).toContainText(idea!.attributes.title);
  await dialog.getByRole('button', { name: t.confirm }).click();

  await expect(page).toHaveURL(/\/account\/booking$/);
  await expect(page.getByText(t.booked)).toBeVisible();
  const card = page.locator('article[aria-current="true"]');
  await expect(card).toContainText(idea!.attributes.title);
  await expect(card).toContainText(t.status.confirmed);

  await card.getByRole('button', { name: t.cancel }).click();
  const question = page.getByRole('alertdialog', { name: t.cancelTitle });
  await question.getByRole('button', { name: t.cancelConfirm }).click();
  await expect(page.getByText(t.cancelled)).toBeVisible();
  await expect(card).toContainText(t.status.cancelled);
  await expect(card.getByRole('button', { name: t.cancel })).toHaveCount(0);
});

test('sign-in by phone with the code from the SMS', async ({ page }) => {
  const phone = `+7914${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`;
  await signInByPhone(page, phone);
  await expect(page.getByRole('button', { name: new RegExp(ru.auth.userMenu.replace('{name}', '')) })).toBeVisible();
});

async function expectNoSeriousViolations(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await expect(page.locator('main h1').first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, `${path}: `);
}

test('sign-in pages have no serious accessibility problems', async ({ page }) => {
  for (const path of ['/login', '/login/email', '/login/phone', '/register'])
    await expectNoSeriousViolations(page, path);
});

test('account pages have no serious accessibility problems', async ({ page }) => {
  await signedUp(page);
  for (const path of ['/account', '/account/main', '/account/password', '/account/booking'])
    await expectNoSeriousViolations(page, path);
});
