import { expect, test } from '@playwright/test';
import cn from '../messages/cn.json';
import en from '../messages/en.json';
import ru from '../messages/ru.json';
import { acceptCookiesUpFront, localized, waitForHydration } from './support';

// What a picky traveller noticed (issue 22, part 3), each checked where it was seen.
const JOURNEYS = [
  { prefix: '', lang: 'ru', t: ru },
  { prefix: '/en', lang: 'en', t: en },
  { prefix: '/cn', lang: 'zh-CN', t: cn },
] as const;

test.beforeEach(async ({ page }) => {
  await acceptCookiesUpFront(page);
});

for (const { prefix, lang, t } of JOURNEYS) {
  test(`a malformed address says what happened, not "404" (${lang})`, async ({ page }) => {
    const response = await page.goto(localized(prefix, '/go/%E0%A4'));
    expect(response?.status()).toBe(400);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.errors.e400.title);
    await expect(page.getByText('400', { exact: true })).toBeVisible();
    await expect(page.getByText('404', { exact: true })).toHaveCount(0);
  });

  test(`the phone sign-in page asks for no missing verification on arrival (${lang})`, async ({ page }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    await page.goto(localized(prefix, '/login/phone'));
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
  });

  test(`a keyboard user skips straight to the content (${lang})`, async ({ page }) => {
    await page.goto(localized(prefix, '/go'));
    await waitForHydration(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: t.nav.skipToContent });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
    await page.keyboard.press('Tab');
    // The next stop is inside the content, past the header.
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true);
  });
}
