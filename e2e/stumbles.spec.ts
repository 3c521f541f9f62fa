import { expect, test } from '@playwright/test';
import cn from '../messages/cn.json';
import en from '../messages/en.json';
import ru from '../messages/ru.json';
import {
  acceptCookiesUpFront,
  GATED_ROUTES,
  LOCALES,
  localized,
  MODERATOR,
  randomIp,
  waitForHydration,
  watchProblems,
} from './support';

// What a traveller or a guide still stumbled on (issue 41), each checked where it was seen.

test('signed-in pages hydrate without errors in every language', async ({ page }) => {
  await acceptCookiesUpFront(page);
  const problems = watchProblems(page);
  const signIn = await page.request.post('/api/v1/auth/login', {
    data: MODERATOR,
    headers: { 'x-forwarded-for': randomIp() },
  });
  expect(signIn.status()).toBe(200);
  const checking = { ru: ru.nav.checkingSession, en: en.nav.checkingSession, 'zh-CN': cn.nav.checkingSession };
  for (const { prefix, lang } of LOCALES) {
    for (const path of [...GATED_ROUTES, '/office/moderation']) {
      await page.goto(localized(prefix, path));
      await waitForHydration(page);
      // The page renders for the user once the stored session is restored after hydration.
      await expect(page.getByText(checking[lang])).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
  }
  expect(problems).toEqual([]);
});
