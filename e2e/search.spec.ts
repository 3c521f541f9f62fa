import { expect, test, type Page } from '@playwright/test';
import en from '../messages/en.json';
import ru from '../messages/ru.json';
import { acceptCookiesUpFront, expectNoSeriousA11yViolations, waitForHydrated } from './support';

// The suggestion list loads on first use and asks the API after a pause in typing: allow for a busy machine.

const CASES = [
  {
    lang: 'ru',
    prefix: '',
    messages: ru,
    lighthouses: 'маяки',
    lighthouseTitle: /маяк/i,
    island: 'русск',
    islandName: 'Русский остров',
    tokarevsky: 'Закат у Токаревского маяка',
  },
  {
    lang: 'en',
    prefix: '/en',
    messages: en,
    lighthouses: 'lighthouses',
    lighthouseTitle: /lighthouse/i,
    island: 'russk',
    islandName: 'Russky Island',
    tokarevsky: 'Sunset at Tokarevsky Lighthouse',
  },
] as const;

async function openListing(page: Page, prefix: string, label: string) {
  await acceptCookiesUpFront(page);
  await page.goto(`${prefix}/go`);
  const field = page.getByRole('combobox', { name: label, exact: true });
  await waitForHydrated(field);
  return field;
}

for (const c of CASES) {
  test.describe(`search suggestions (${c.lang})`, () => {
    test('typing shows suggestions; ArrowDown and Enter open the chosen idea; axe is clean with the list open', async ({
      page,
    }) => {
      const field = await openListing(page, c.prefix, c.messages.filters.search);
      await expect(field).toHaveAttribute('aria-expanded', 'false');
      await field.fill(c.lighthouses);
      const list = page.getByRole('listbox', { name: c.messages.search.suggestions });
      await expect(list).toBeVisible();
      await expect(field).toHaveAttribute('aria-expanded', 'true');
      const ideas = list.getByRole('group', { name: c.messages.search.ideas }).getByRole('option');
      await expect(ideas.first()).toHaveText(c.lighthouseTitle);
      await expectNoSeriousA11yViolations(page);

      await field.press('ArrowDown');
      const first = list.getByRole('option').first();
      await expect(first).toHaveAttribute('aria-selected', 'true');
      await expect(field).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
      // An idea's option says where the idea is under its title.
      const title = (await first.locator('[data-option-title]').textContent())!;
      await field.press('Enter');
      await page.waitForURL(new RegExp(`${c.prefix}/go/[A-Za-z0-9]+$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    });

    test('Escape closes the list and Enter searches the text; a place chosen by keyboard becomes the place filter', async ({
      page,
    }) => {
      const field = await openListing(page, c.prefix, c.messages.filters.search);
      const list = page.getByRole('listbox', { name: c.messages.search.suggestions });
      await field.fill(c.lighthouses);
      await expect(list).toBeVisible();
      await field.press('Escape');
      await expect(field).toHaveAttribute('aria-expanded', 'false');
      await expect(list).toBeHidden();
      await field.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('query') === c.lighthouses);
      await expect(page.getByRole('heading', { name: c.tokarevsky })).toBeVisible();
      await expect(field).toHaveValue(c.lighthouses);

      await field.fill(c.island);
      const places = list.getByRole('group', { name: c.messages.search.places });
      await expect(places.getByRole('option').first()).toHaveText(c.islandName);
      await field.press('ArrowDown');
      await field.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('place_id') === '8' && !url.searchParams.has('query'));
      await expect(field).toHaveValue('');
    });
  });
}
