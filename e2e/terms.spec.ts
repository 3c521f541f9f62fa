import { expect, test } from '@playwright/test';
import en from '../messages/en.json';
import ru from '../messages/ru.json';
import { approveIdea, draftIdea } from './authoring';
import { openBookingConfirmation, signedUp, signInByEmail, waitForHydration, newVisitorEachTest } from './support';

const RUSSIAN_MEETING = 'У главного входа Морского вокзала';
const JOURNEYS = [
  { prefix: '', lang: 'ru', t: ru, meeting: RUSSIAN_MEETING },
  { prefix: '/en', lang: 'en', t: en, meeting: 'At the main entrance of the Sea Terminal' },
] as const;

newVisitorEachTest();

for (const { prefix, lang, t, meeting } of JOURNEYS) {
  test(`${lang}: the author sets the terms, the idea page and the booking dialog show them`, async ({
    page,
    request,
  }) => {
    const title = `Условия ${lang} ${Date.now().toString(36)}`;
    const draft = await draftIdea(request, title, { withTerms: false });
    await signInByEmail(page, draft.email, draft.password, '/office');
    await page.goto(`${prefix}/office/ideas/${draft.hid}`);
    await waitForHydration(page);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    const editor = t.office.editor;
    const terms = page.getByRole('region', { name: t.terms.section });
    await terms.getByRole('radio', { name: t.terms.rule.free_72h }).check();
    // Russian is required; the English page shows the English text.
    await terms.getByLabel(t.terms.meetingText.replace('{language}', editor.language.ru)).fill(RUSSIAN_MEETING);
    if (lang === 'en') {
      await page.getByRole('tab', { name: new RegExp(`^${editor.language.en}`) }).click();
      await terms.getByLabel(t.terms.meetingText.replace('{language}', editor.language.en)).fill(meeting);
    }
    await terms.getByLabel(t.terms.meetingLat).fill('43.1115');
    await terms.getByLabel(t.terms.meetingLon).fill('131.8795');
    await page.getByRole('button', { name: editor.save, exact: true }).click();
    await expect(page.getByText(editor.allSaved)).toBeVisible();
    await page.getByRole('button', { name: editor.submit }).click();
    await expect(page.getByRole('button', { name: editor.submit })).toHaveCount(0);
    await approveIdea(request, draft.hid);

    // A traveller sees the terms: the author's own idea offers its author no booking.
    await signedUp(page, lang);
    await page.goto(`${prefix}/go/${draft.hid}`);
    await waitForHydration(page);
    const meetingSection = page.getByRole('region', { name: t.terms.meetingPoint });
    await expect(meetingSection).toContainText(meeting);
    await expect(meetingSection.getByRole('link', { name: t.terms.openInMaps })).toHaveAttribute(
      'href',
      'https://www.openstreetmap.org/?mlat=43.1115&mlon=131.8795#map=16/43.1115/131.8795',
    );
    await expect(page.getByRole('region', { name: t.terms.cancellation })).toContainText(t.terms.rule.free_72h);

    const panel = page.locator('section[aria-labelledby="booking-title"]');
    // Once a date is chosen, the line names the deadline too.
    await expect(panel.getByTestId('cancellation-terms')).toContainText(
      `${t.terms.rule.free_72h} (${t.terms.deadline.replace('{date}', '')}`,
    );
    const dialog = await openBookingConfirmation(page, t);
    await expect(dialog).toContainText(t.terms.rule.free_72h);
    await expect(dialog).toContainText(meeting);
    await dialog.getByRole('button', { name: t.bookings.edit }).click();
    await expect(dialog).toBeHidden();
  });
}
