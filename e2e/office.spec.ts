import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import ru from '../messages/ru.json';
import { acceptCookiesUpFront, expectNoSeriousA11yViolations, waitForHydration } from './support';

const t = ru.office;
const AUTHOR_PASSWORD = 'sopka-author-2026';

/** Each project signs in as its own demo author, so parallel runs never touch each other's ideas. */
const authorFor = (project: string) => (project === 'mobile' ? 'olga@demo.sopka.travel' : 'sergey@demo.sopka.travel');

test.beforeEach(async ({ page }) => {
  // Rate limits key on the client address: give every test its own.
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': `10.${rand()}.${rand()}.${rand()}` });
  await acceptCookiesUpFront(page);
});
const rand = () => Math.floor(Math.random() * 250) + 1;

async function signIn(page: Page, email: string) {
  await page.goto('/login/email?next=%2Foffice');
  await waitForHydration(page);
  await page.getByLabel(ru.authForms.email).fill(email);
  await page.getByLabel(ru.authForms.password, { exact: true }).fill(AUTHOR_PASSWORD);
  await page.getByRole('button', { name: ru.authForms.signIn, exact: true }).click();
  await expect(page).toHaveURL(/\/office$/);
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
}

/** "New idea" opens the editor on a blank form; the idea is created by its first save. */
async function newDraft(page: Page) {
  await page.getByRole('link', { name: t.create }).click();
  await expect(page).toHaveURL(/\/office\/ideas\/new$/);
  await expect(page.getByRole('heading', { level: 2, name: t.editor.textsSection })).toBeVisible();
}

const png = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: '#0b5d7a' } })
    .png()
    .toBuffer();

test('an author creates an idea, fills it, uploads a photo, saves and submits it for moderation', async ({
  page,
}, testInfo) => {
  await signIn(page, authorFor(testInfo.project.name));
  await newDraft(page);
  const title = `Рассвет на маяке ${Date.now().toString(36)}`;

  // Submitting an empty draft says what is missing.
  await page.getByRole('button', { name: t.editor.submit }).click();
  const missing = page.getByRole('alert').filter({ hasText: t.editor.missingTitle });
  await expect(missing).toBeVisible();
  await expect(missing).toContainText(t.editor.missing.title);
  await expect(missing).toContainText(t.editor.missing.photos);
  await expect(missing).toContainText(t.editor.missing.policy);
  await expect(missing).toContainText(t.editor.missing.meetingPoint);

  await page.getByLabel(`${t.editor.fields.title} (${t.editor.language.ru})`).fill(title);
  await page
    .getByLabel(`${t.editor.fields.description} (${t.editor.language.ru})`)
    .fill('Встречаем рассвет у Токаревского маяка и пьём чай из термоса.');
  // An optional English title through its tab.
  await page.getByRole('tab', { name: new RegExp(`^${t.editor.language.en}`) }).click();
  await page.getByLabel(`${t.editor.fields.title} (${t.editor.language.en})`).fill('Sunrise at the lighthouse');
  await page.getByRole('tab', { name: new RegExp(`^${t.editor.language.ru}`) }).click();
  await page.getByLabel(t.editor.fields.category).selectOption({ index: 1 });

  await page.getByRole('button', { name: t.editor.fields.placeChoose }).click();
  const dialog = page.getByRole('dialog', { name: t.editor.placeDialog.title });
  await dialog.getByRole('button', { name: 'Владивосток', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Владивосток', { exact: true }).first()).toBeVisible();

  await page.getByLabel(t.editor.fields.price).fill('2500');
  await page.getByLabel(t.editor.fields.childrenAllowed).uncheck();
  await page.getByRole('button', { name: new RegExp(t.editor.dates.add) }).click();
  await expect(page.getByRole('group', { name: t.editor.dates.row.replace('{number}', '1') })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(t.editor.steps.add) }).click();
  await page.getByLabel(`${t.editor.steps.title} (${t.editor.language.ru})`).fill('Встреча у маяка');
  await page.getByRole('radio', { name: ru.terms.rule.free_24h }).check();
  await page
    .getByLabel(ru.terms.meetingText.replace('{language}', t.editor.language.ru))
    .fill('Парковка у Токаревского маяка');

  await page
    .getByLabel(new RegExp(t.editor.photos.upload))
    .setInputFiles({ name: 'sunrise.png', mimeType: 'image/png', buffer: await png() });
  await expect(page.getByRole('img', { name: t.editor.photos.alt.replace('{number}', '1') })).toBeVisible({
    timeout: 30_000,
  });

  // The photo needs the idea: the upload saved the form first, which created it under its own address.
  await expect(page).toHaveURL(/\/office\/ideas\/(?!new$)[A-Za-z]+$/);
  await expect(page.getByText(t.editor.allSaved)).toBeVisible();
  // What was saved is what comes back.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel(t.editor.fields.price)).toHaveValue('2500');
  await expect(page.getByLabel(t.editor.fields.childrenAllowed)).not.toBeChecked();

  await page.getByRole('button', { name: t.editor.submit }).click();
  await expect(
    page.locator('header').getByText(`${t.statusLabel}: ${t.status.notModerated}`, { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: t.editor.submit })).toHaveCount(0);

  // Back in the office the idea carries the badge.
  await page.getByRole('link', { name: new RegExp(t.editor.back) }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: title }) });
  await expect(card.getByText(`${t.statusLabel}: ${t.status.notModerated}`, { exact: true })).toBeVisible();
});

test('deleting an idea asks for confirmation first', async ({ page }, testInfo) => {
  await signIn(page, authorFor(testInfo.project.name));
  await newDraft(page);
  const title = `Черновик на удаление ${Date.now().toString(36)}`;
  await page.getByLabel(`${t.editor.fields.title} (${t.editor.language.ru})`).fill(title);
  await page.getByRole('button', { name: t.editor.save, exact: true }).click();
  await expect(page.getByText(t.editor.allSaved)).toBeVisible();
  await page.getByRole('link', { name: new RegExp(t.editor.back) }).click();

  const heading = page.getByRole('heading', { level: 3, name: title });
  await expect(heading).toBeVisible();
  const deleteButton = page.getByRole('button', { name: t.deleteLabel.replace('{title}', title) });
  await deleteButton.click();
  const dialog = page.getByRole('alertdialog', { name: t.deleteDialog.title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: t.deleteDialog.cancel }).click();
  await expect(dialog).toBeHidden();
  await expect(heading).toBeVisible();

  await deleteButton.click();
  await page.getByRole('alertdialog').getByRole('button', { name: t.deleteDialog.confirm }).click();
  await expect(heading).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: title })).toHaveCount(0);
});

test('Back with unsaved changes asks first; after saving it simply leaves', async ({ page }, testInfo) => {
  await signIn(page, authorFor(testInfo.project.name));
  const questions: string[] = [];
  let answer: 'dismiss' | 'accept' = 'dismiss';
  page.on('dialog', (dialog) => {
    questions.push(dialog.message());
    void dialog[answer]();
  });
  const titleField = page.getByLabel(`${t.editor.fields.title} (${t.editor.language.ru})`);

  await newDraft(page);
  const editor = page.url();
  await titleField.fill('Несохранённая идея');
  await expect(page.getByText(t.editor.unsaved)).toBeVisible();
  await page.goBack();
  await expect.poll(() => questions).toEqual([t.editor.leaveWarning]);
  expect(page.url()).toBe(editor);
  await expect(titleField).toHaveValue('Несохранённая идея');

  answer = 'accept';
  await page.goBack();
  await expect.poll(() => questions).toHaveLength(2);
  await expect(page).toHaveURL(/\/office$/);
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

  // Saved, nothing to lose: one Back, no question.
  await newDraft(page);
  await titleField.fill(`Сохранённая идея ${Date.now().toString(36)}`);
  await page.getByRole('button', { name: t.editor.save, exact: true }).click();
  await expect(page.getByText(t.editor.allSaved)).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/office$/);
  await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
  expect(questions).toHaveLength(2);
});

test('the office and the editor pass an accessibility check', async ({ page }, testInfo) => {
  await signIn(page, authorFor(testInfo.project.name));
  await expect(page.getByRole('heading', { level: 2, name: t.sections.ideas })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: t.loading })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  await newDraft(page);
  await page.getByRole('button', { name: new RegExp(t.editor.dates.add) }).click();
  await page.getByRole('button', { name: new RegExp(t.editor.steps.add) }).click();
  await expectNoSeriousA11yViolations(page);
  // Nothing was saved, so the journey leaves no draft behind.
});
