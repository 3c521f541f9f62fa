import { expect, test } from '@playwright/test';
import {
  bearer,
  bookedByNewTraveller,
  DEMO_GUIDE,
  expectNoSeriousA11yViolations,
  JOURNEYS,
  localized,
  MODERATOR,
  newVisitorEachTest,
  randomWord,
  scheduleDeparture,
  waitForHydration,
} from '../support';

// Run with E2E_GATEWAY=stripe (playwright.payments.config.ts), whose server is in `full` mode: the platform collects
// everything through Stripe and owes the guide the price less its commission, which a moderator pays out.
newVisitorEachTest();

interface PayoutLine {
  guide_id: number;
  guide_name: string;
  owed: number;
  paid_out: number | null;
}

for (const { prefix, lang, t } of JOURNEYS) {
  test(`${lang}: a moderator sees what is owed to a guide for a month and marks it paid`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(300_000);
    // A month far ahead that no other run picks: the guide's bookings of it are this test's alone.
    const year = 2031 + Math.floor(Math.random() * 40);
    const month = `${year}-${String(1 + Math.floor(Math.random() * 12)).padStart(2, '0')}`;
    const guide = await bearer(page.request, DEMO_GUIDE.email, DEMO_GUIDE.password);
    const me = (await (await page.request.post('/api/v1/auth/me', { headers: guide })).json()).data;
    const ideas = await page.request.get(`/api/v1/users/${me.hid}/ideas?limit=40`, { headers: guide });
    const idea = (await ideas.json()).data.find(
      (i: { attributes: { status: string; booking_mode: string } }) =>
        i.attributes.status === 'published' && i.attributes.booking_mode !== 'request',
    );
    const { dateId } = await scheduleDeparture(page.request, guide, idea.hid, `${month}-15`, '10:00');

    // A traveller books it and pays everything on Stripe's page (the emulator's), which confirms it by its webhook.
    const { context, auth, booking } = await bookedByNewTraveller(
      browser,
      baseURL!,
      { ideaHid: idea.hid, dateId },
      `Payout ${randomWord()}`,
    );
    const paid = await context.request.post(`${booking.meta.payment_url}/succeed`, { maxRedirects: 0 });
    expect(paid.status()).toBe(303);
    await expect
      .poll(async () => {
        const seen = await context.request.get(`/api/v1/bookings/${booking.data.hid}`, { headers: auth });
        return (await seen.json()).data.attributes.status;
      })
      .toBe('confirmed');
    await context.close();

    const moderator = await bearer(page.request, MODERATOR.email, MODERATOR.password);
    const listed = await page.request.get(`/api/v1/office/payouts?month=${month}`, { headers: moderator });
    const line = ((await listed.json()).data as PayoutLine[]).find((l) => l.guide_id === me.id)!;
    expect(line).toMatchObject({ paid_out: null });
    expect(line.owed).toBeGreaterThan(0);

    // Signed in through this page's context just above: the page restores the moderator's session.
    await page.goto(localized(prefix, `/office/payouts?month=${month}`));
    await waitForHydration(page);
    // By its text: on phones the table's rows are laid out as cards.
    const row = page.locator('tbody tr', { hasText: line.guide_name });
    await expect(row).toContainText(t.payouts.notPaid);
    // The amount as the page writes it (grouped, with its currency): its digits are the owed whole units.
    expect((await row.textContent())!.replace(/\D/g, '')).toContain(String(line.owed / 100));
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSeriousA11yViolations(page, `${width}px payouts, owed: `);
    }

    await row.getByRole('button', { name: t.payouts.markPaidLabel.replace('{name}', line.guide_name) }).click();
    const dialog = page.getByRole('dialog', { name: t.payouts.dialogTitle.replace('{name}', line.guide_name) });
    const reference = `PP-${randomWord()}`;
    await dialog.getByRole('textbox', { name: t.payouts.reference }).fill(reference);
    await dialog.getByRole('button', { name: t.payouts.confirm }).click();
    // The confirmation toast, checked by axe too once it has faded in (its green once read under 4.5:1).
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: t.payouts.marked });
    await expect(toast).toBeVisible();
    await expect.poll(() => toast.evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await expect(row).toContainText(reference);
    await expect(row).not.toContainText(t.payouts.notPaid);
    await expect(
      row.getByRole('button', { name: t.payouts.markPaidLabel.replace('{name}', line.guide_name) }),
    ).toHaveCount(0);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSeriousA11yViolations(page, `${width}px payouts, paid: `);
    }
  });
}
