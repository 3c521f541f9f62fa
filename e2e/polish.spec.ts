import { expect, test, type APIRequestContext } from '@playwright/test';
import cn from '../messages/cn.json';
import en from '../messages/en.json';
import ru from '../messages/ru.json';
import { acceptCookiesUpFront, expectNoSeriousA11yViolations, localized, waitForHydration } from './support';

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

test('the calendar’s month arrows and today are in the brand’s sea colour, not the day picker’s blue', async ({
  page,
}) => {
  await page.goto('/go');
  await waitForHydration(page);
  await page
    .getByRole('button', { name: /^Даты поездки/ })
    .filter({ visible: true })
    .first()
    .click();
  const next = page.getByRole('button', { name: /следующ/i }).first();
  await expect(next).toBeVisible();
  const sea = 'rgb(11, 93, 122)';
  await expect(next.locator('.rdp-chevron')).toHaveCSS('fill', sea);
  // Today is marked in the accent colour too.
  await expect(page.locator('.rdp-today').first()).toHaveCSS('color', sea);
});

/** A published idea with at least three photos, and how many it has. */
async function ideaWithPhotos(request: APIRequestContext) {
  const list = (await (await request.get('/api/v1/ideas?limit=10')).json()).data as { hid: string }[];
  for (const { hid } of list) {
    const idea = (await (await request.get(`/api/v1/ideas/${hid}?include=photos`)).json()).data;
    const count = idea.relationships.photos.data.length as number;
    if (count >= 3) return { hid, count };
  }
  throw new Error('no seeded idea with three photos');
}

for (const { prefix, lang, t } of JOURNEYS.slice(0, 2)) {
  test(`the idea's photos open full screen: counter, arrows, Esc, focus back (${lang})`, async ({
    page,
    request,
  }, testInfo) => {
    const { hid, count } = await ideaWithPhotos(request);
    const open = (index: number) =>
      page.getByRole('button', {
        name: t.idea.openPhoto.replace('{index}', String(index)).replace('{total}', String(count)),
      });
    await page.goto(localized(prefix, `/go/${hid}`));
    await waitForHydration(page);
    const phone = testInfo.project.name === 'mobile';
    // Phones tap the photo itself; desktops also have thumbnails (after the strip's photos in the page).
    const trigger = phone ? open(1).first() : open(2).last();
    if (!phone) {
      // The thumbnail fills its tile, no white gaps beside it.
      const tile = (await trigger.boundingBox())!;
      const picture = (await trigger.locator('img').boundingBox())!;
      expect(picture.width).toBeGreaterThanOrEqual(tile.width - 4);
      expect(picture.height).toBeGreaterThanOrEqual(tile.height - 4);
    }
    await trigger.click();
    const lightbox = page.getByRole('dialog');
    await expect(lightbox).toBeVisible();
    const first = phone ? 1 : 2;
    await expect(lightbox.getByText(`${first} / ${count}`)).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(lightbox.getByText(`${first + 1} / ${count}`)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    if (phone) await lightbox.getByRole('button', { name: t.idea.closePhotos }).click();
    else await page.keyboard.press('Escape');
    await expect(lightbox).toBeHidden();
    await expect(trigger).toBeFocused();
  });
}

for (const width of [320, 360, 390, 430, 600, 767]) {
  test(`nothing in the listing's header overlaps at ${width} px (ru, en, cn)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 760 });
    for (const { prefix } of JOURNEYS) {
      await page.goto(localized(prefix, '/go'));
      await waitForHydration(page);
      // Every control, picture and run of text in the header, and each pair that overlaps, neither inside the other.
      const overlaps = await page.evaluate(() => {
        const header = document.querySelector('header')!;
        const boxes: { node: Node; rect: DOMRect; name: string }[] = [];
        const visible = (rect: DOMRect) => rect.width > 0 && rect.height > 0;
        for (const element of header.querySelectorAll<HTMLElement>('a, button, svg, img')) {
          const rect = element.getBoundingClientRect();
          if (visible(rect) && getComputedStyle(element).visibility !== 'hidden')
            boxes.push({ node: element, rect, name: element.outerHTML.slice(0, 60) });
        }
        const walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
          if (!text.textContent?.trim()) continue;
          // Text for screen readers only sits in a 1 px clipped box; what it would cover is not on screen.
          const holder = text.parentElement!.getBoundingClientRect();
          if (holder.width <= 1 || holder.height <= 1) continue;
          const range = document.createRange();
          range.selectNodeContents(text);
          // Text cut off by its box (an ellipsis) is drawn only inside that box.
          const clip = getComputedStyle(text.parentElement!).overflowX !== 'visible' ? holder : null;
          for (const laid of range.getClientRects()) {
            const rect = clip
              ? new DOMRect(
                  Math.max(laid.left, clip.left),
                  laid.top,
                  Math.min(laid.right, clip.right) - Math.max(laid.left, clip.left),
                  laid.height,
                )
              : laid;
            if (visible(rect)) boxes.push({ node: text, rect, name: text.textContent.trim() });
          }
        }
        const found: string[] = [];
        for (const [i, a] of boxes.entries())
          for (const b of boxes.slice(i + 1)) {
            if (a.node.contains(b.node) || b.node.contains(a.node)) continue;
            const x = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
            const y = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
            if (x > 1 && y > 1) found.push(`${a.name} × ${b.name}`);
          }
        return found;
      });
      expect(overlaps, `${prefix || '/'}go at ${width} px`).toEqual([]);
    }
  });
}
