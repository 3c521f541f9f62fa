import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  localized,
  randomIp,
  waitForHydration,
  JOURNEYS,
  newVisitorEachTest,
  randomWord,
} from './support';

newVisitorEachTest();

/** An account made from outside the browser (the browser stays anonymous). */
async function registeredElsewhere(request: APIRequestContext) {
  const account = {
    name: `Путешественник ${randomWord()}`,
    email: `e2e-fav-${Date.now()}-${randomWord()}@example.com`,
    password: `pass-${randomWord()}-A1`,
  };
  const response = await request.post('/api/v1/auth/register', {
    data: { ...account, passwordConfirm: account.password, acceptPolicy: true },
    headers: { 'x-forwarded-for': randomIp() },
  });
  expect(response.status()).toBe(201);
  return account;
}

/** axe (WCAG 2 A and AA) finds nothing serious on the page as it is, at a desktop and at a phone width. */
async function expectAccessibleAtBothWidths(page: Page) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 844 });
    await expectNoSeriousA11yViolations(page, `${width}px `);
  }
}

for (const { prefix, lang, t } of JOURNEYS) {
  test(`(${lang}) a favourite saved before signing in is in the account after it, and can be removed there`, async ({
    page,
    request,
  }) => {
    const account = await registeredElsewhere(request);
    const heartOf = (title: string) =>
      page.getByRole('button', { name: t.favourites.saveIdea.replace('{title}', title), exact: true });

    // Anonymous: the heart on a listing card.
    await page.goto(localized(prefix, '/go'));
    await waitForHydration(page);
    const card = page.locator('main article').first();
    const title = (await card.getByRole('heading', { level: 3 }).textContent())!.trim();
    const cardHeart = card.getByRole('button', { name: t.favourites.saveIdea.replace('{title}', title) });
    await expect(cardHeart).toHaveAttribute('aria-pressed', 'false');
    await cardHeart.click();
    await expect(cardHeart).toHaveAttribute('aria-pressed', 'true');

    // The idea page's heart knows it too.
    await card.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await waitForHydration(page);
    await expect(page.getByRole('button', { name: t.favourites.save, exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    // Sign in: the favourite moves into the account.
    await page.goto(localized(prefix, '/login/email'));
    await waitForHydration(page);
    await page.getByRole('textbox', { name: t.authForms.email }).fill(account.email);
    await page.getByLabel(t.authForms.password, { exact: true }).fill(account.password);
    await page.getByRole('button', { name: t.authForms.signIn, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/account$`));
    await page
      .getByRole('navigation', { name: t.nav.accountMenu })
      .getByRole('link', { name: t.nav.accountFavourites })
      .click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/account/favourites$`));
    await expect(page.getByRole('heading', { level: 1, name: t.favourites.title })).toBeVisible();
    const saved = page.locator('main article');
    await expect(saved).toHaveCount(1);
    await expect(saved.getByRole('heading', { level: 3 })).toHaveText(title);
    await expect(heartOf(title)).toHaveAttribute('aria-pressed', 'true');
    // Kept in the account, not only in this browser.
    expect(await page.evaluate(() => window.localStorage.getItem('sopka:favourites'))).toBeNull();
    await page.reload();
    await waitForHydration(page);
    await expect(heartOf(title)).toHaveAttribute('aria-pressed', 'true');
    await expectAccessibleAtBothWidths(page);

    // Removing it there empties the page, which then leads to the listing.
    await heartOf(title).click();
    await expect(page.getByRole('heading', { level: 2, name: t.favourites.empty })).toBeVisible();
    await expect(saved).toHaveCount(0);
    await expect(page.getByRole('link', { name: t.favourites.browse })).toHaveAttribute(
      'href',
      localized(prefix, '/go'),
    );
    await expectAccessibleAtBothWidths(page);
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: t.favourites.empty })).toBeVisible();
  });
}
