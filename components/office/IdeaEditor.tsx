'use client';

import * as Dialog from '@radix-ui/react-dialog';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { CheckboxField, TextAreaField, TextField, fieldStyles } from '@/components/forms/Field';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import { categoriesQuery } from '@/lib/api/queries';
import { queryKeys } from '@/lib/contract/query-keys';
import { ideaTypesQuery, ownIdeaQuery } from '@/lib/api/signed-in-queries';
import type { IdeaResource } from '@/lib/contract/ideas';
import { apiProblem } from '@/lib/forms/api-problem';
import type { AppLocale } from '@/lib/i18n/locales';
import { notify } from '@/lib/browser/notify';
import {
  CURRENCIES,
  SPOKEN,
  TEXT_LANGUAGES,
  addDate,
  addStep,
  formFromIdea,
  formProblems,
  isDirty,
  minDay,
  missingForSubmission,
  missingFromErrors,
  move,
  patchAt,
  patchBodyOf,
  removeAt,
  type EditorForm,
  type MissingItem,
  type TextLanguage,
} from '@/lib/office/editor';
import { StatusBadge } from './StatusBadge';
import officeStyles from './Office.module.css';
import styles from './IdeaEditor.module.css';

const PlaceSearch = dynamic(() => import('@/components/places/PlaceSearch').then((m) => m.PlaceSearch), { ssr: false });

type Loaded = { idea: IdeaResource; texts: Parameters<typeof formFromIdea>[1] };

/** Marks the history entry that stands in front of the editor while it has unsaved changes. */
const UNSAVED_GUARD = 'sopkaUnsavedGuard';

/** /office/ideas/[hid]: loads the idea with its texts in every language, then edits it. */
export function IdeaEditor({ hid }: { hid: string }) {
  const t = useTranslations('office');
  const locale = useLocale() as AppLocale;
  const loaded = useQuery(ownIdeaQuery(locale, hid));
  if (loaded.isPending) return <p role="status">{t('loading')}</p>;
  if (loaded.isError) {
    return (
      <div role="alert" className={officeStyles.problem}>
        <p>{t('editor.loadError')}</p>
        <AppLink href="/office" className={buttonClass('secondary')}>
          {t('editor.back')}
        </AppLink>
      </div>
    );
  }
  return <EditorBody hid={hid} locale={locale} initial={loaded.data} />;
}

/** Field errors of the last save: API field names (`price`, `dates.0.seats_total`) and client checks. */
type Errors = Record<string, string>;

function EditorBody({ hid, locale, initial }: { hid: string; locale: AppLocale; initial: Loaded }) {
  const t = useTranslations('office');
  const queryClient = useQueryClient();
  const [status, setStatus] = useState(initial.idea.attributes.status);
  const [refusal, setRefusal] = useState(initial.idea.attributes.refusal_reason ?? null);
  const [saved, setSaved] = useState<EditorForm>(() => formFromIdea(initial.idea, initial.texts));
  const [form, setForm] = useState<EditorForm>(saved);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState<'save' | 'submit' | 'upload' | null>(null);
  const [missing, setMissing] = useState<MissingItem[]>([]);
  const [lang, setLang] = useState<TextLanguage>('ru');
  const categories = useQuery(categoriesQuery(locale));
  const types = useQuery(ideaTypesQuery(locale));
  const dirty = isDirty(form, saved);
  const missingRef = useRef<HTMLDivElement>(null);

  const unmounted = useRef(false);
  useEffect(() => {
    unmounted.current = false;
    return () => {
      unmounted.current = true;
    };
  }, []);

  // Unsaved changes: the browser asks before closing or reloading; links in the page and Back ask too.
  useEffect(() => {
    if (!dirty) return;
    // Back first lands on this entry from under a marked copy of it (same URL and router state, so the router
    // shows the same page): staying puts the copy back, leaving goes back once more.
    const guard = () =>
      window.history.pushState({ ...window.history.state, [UNSAVED_GUARD]: true }, '', window.location.href);
    guard();
    let leaving = false;
    const onPopState = () => {
      if (leaving) return;
      if (window.confirm(t('editor.leaveWarning'))) {
        leaving = true;
        window.history.back();
      } else {
        guard();
      }
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link || link.getAttribute('href')?.startsWith('#') || link.closest('[role="dialog"]')) return;
      if (!window.confirm(t('editor.leaveWarning'))) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    window.addEventListener('popstate', onPopState);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      window.removeEventListener('popstate', onPopState);
      document.removeEventListener('click', onClick, true);
      // Saved (still on the page): the copy goes, so that one Back leaves as usual.
      if (!unmounted.current && window.history.state?.[UNSAVED_GUARD]) window.history.back();
    };
  }, [dirty, t]);

  const update = <K extends keyof EditorForm>(key: K, value: EditorForm[K]) => setForm((f) => ({ ...f, [key]: value }));
  const errorOf = (field: string) => errors[field];

  async function reload() {
    const fresh = await queryClient.fetchQuery({ ...ownIdeaQuery(locale, hid), staleTime: 0 });
    const next = formFromIdea(fresh.idea, fresh.texts);
    setSaved(next);
    setForm(next);
    setStatus(fresh.idea.attributes.status);
    setRefusal(fresh.idea.attributes.refusal_reason ?? null);
    void queryClient.invalidateQueries({ queryKey: queryKeys.ownIdeas(locale, '').slice(0, 3) });
  }

  async function save(): Promise<boolean> {
    const problems = formProblems(form);
    if (Object.keys(problems).length) {
      setErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(`editor.errors.${key}`)])));
      notify('error', t('editor.saveFailed'));
      return false;
    }
    setBusy('save');
    try {
      const { patchIdea } = await import('@/lib/api/office');
      await patchIdea(locale, hid, patchBodyOf(form));
      setErrors({});
      await reload();
      return true;
    } catch (error) {
      const problem = apiProblem(error);
      setErrors(
        Object.fromEntries(Object.entries(problem.errors).map(([field, messages]) => [field, messages.join(' ')])),
      );
      notify('error', problem.status === 409 ? t('editor.conflict') : t('editor.saveFailed'));
      return false;
    } finally {
      setBusy(null);
    }
  }

  async function onSave() {
    if (await save()) notify('success', t('editor.saved'));
  }

  async function onSubmit() {
    const lacking = missingForSubmission(form);
    setMissing(lacking);
    if (lacking.length) {
      requestAnimationFrame(() => missingRef.current?.focus());
      return;
    }
    if (dirty && !(await save())) return;
    setBusy('submit');
    try {
      const { submitIdea } = await import('@/lib/api/office');
      await submitIdea(locale, hid);
      await reload();
      notify('success', t('editor.submitted'));
    } catch (error) {
      const problem = apiProblem(error);
      const fromApi = missingFromErrors(problem.errors);
      if (fromApi.length) {
        setMissing(fromApi);
        requestAnimationFrame(() => missingRef.current?.focus());
      } else notify('error', t('editor.submitFailed'));
    } finally {
      setBusy(null);
    }
  }

  async function onUpload(files: File[]) {
    if (!files.length) return;
    setBusy('upload');
    const { uploadIdeaPhoto } = await import('@/lib/api/office');
    for (const file of files) {
      try {
        const { data } = await uploadIdeaPhoto(hid, file);
        const photo = { id: data.id, url: data.attributes.cover_url };
        // The photo is stored at once: it joins both the saved state and the form.
        const add = (f: EditorForm) => ({ ...f, photos: [...f.photos, photo], coverId: f.coverId ?? photo.id });
        setSaved(add);
        setForm(add);
      } catch {
        notify('error', t('editor.photos.uploadFailed'));
      }
    }
    setBusy(null);
  }

  const canSubmit = status === 'draft' || status === 'refused';
  const languageName = (l: TextLanguage) => t(`editor.language.${l}`);

  return (
    <div className={styles.editor}>
      <header className={styles.head}>
        <AppLink href="/office" className={styles.back}>
          ← {t('editor.back')}
        </AppLink>
        <h1 className={officeStyles.title}>{form.title.ru.trim() || saved.title.ru || t('editor.title')}</h1>
        <div className={styles.statusLine}>
          <StatusBadge status={status} />
          <span className={officeStyles.meta}>
            {t(`editor.statusNote.${status === 'not-moderated' ? 'notModerated' : status}`)}
          </span>
        </div>
        {status === 'refused' && refusal ? (
          <p className={officeStyles.refusal}>{t('refusalReason', { reason: refusal })}</p>
        ) : null}
      </header>

      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void onSave();
        }}
      >
        <EditorCard id="editor-texts" title={t('editor.textsSection')}>
          <LanguageTabs
            value={lang}
            onChange={setLang}
            label={t('editor.languageTabs')}
            name={(l) => `${languageName(l)} · ${l === 'ru' ? t('editor.required') : t('editor.optional')}`}
          />
          <div
            role="tabpanel"
            id={`editor-panel-${lang}`}
            aria-labelledby={`editor-tab-${lang}`}
            className={styles.stack}
          >
            <TextField
              key={`title-${lang}`}
              label={`${t('editor.fields.title')} (${languageName(lang)})`}
              value={form.title[lang]}
              maxLength={120}
              required={lang === 'ru'}
              lang={lang === 'zh' ? 'zh-CN' : lang}
              error={errorOf(`title.${lang}`) ?? (lang === 'ru' ? errorOf('title') : undefined)}
              onChange={(e) => update('title', { ...form.title, [lang]: e.target.value })}
            />
            <TextAreaField
              key={`description-${lang}`}
              label={`${t('editor.fields.description')} (${languageName(lang)})`}
              value={form.description[lang]}
              rows={8}
              required={lang === 'ru'}
              lang={lang === 'zh' ? 'zh-CN' : lang}
              error={errorOf(`description.${lang}`) ?? (lang === 'ru' ? errorOf('description') : undefined)}
              onChange={(e) => update('description', { ...form.description, [lang]: e.target.value })}
            />
          </div>
        </EditorCard>

        <EditorCard id="editor-basics" title={t('editor.basicsSection')}>
          <div className={styles.grid}>
            <SelectField
              label={t('editor.fields.category')}
              value={form.categoryId}
              error={errorOf('category_id')}
              onChange={(v) => update('categoryId', v)}
            >
              <option value="">{t('editor.fields.categoryNone')}</option>
              {(categories.data?.data ?? []).map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {c.attributes.title}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('editor.fields.type')}
              value={form.typeId}
              error={errorOf('idea_type_id')}
              onChange={(v) => update('typeId', v)}
            >
              {(types.data?.data ?? []).map((type) => (
                <option key={type.id} value={String(type.id)}>
                  {type.attributes.title}
                </option>
              ))}
              {types.data?.data.some((type) => String(type.id) === form.typeId) ? null : (
                <option value={form.typeId}>{form.typeId}</option>
              )}
            </SelectField>
          </div>
          <PlaceField place={form.place} error={errorOf('place_id')} onChoose={(place) => update('place', place)} />
          <fieldset className={styles.fieldset}>
            <legend className={fieldStyles.label}>{t('editor.fields.spoken')}</legend>
            <div className={styles.inline}>
              {SPOKEN.map((l) => (
                <CheckboxField
                  key={l}
                  label={languageName(l)}
                  checked={form.languages.includes(l)}
                  onChange={(e) =>
                    update(
                      'languages',
                      e.target.checked
                        ? SPOKEN.filter((x) => x === l || form.languages.includes(x))
                        : form.languages.filter((x) => x !== l),
                    )
                  }
                />
              ))}
            </div>
          </fieldset>
          <div className={styles.grid}>
            <TextField
              label={t('editor.fields.duration')}
              inputMode="numeric"
              value={form.duration}
              error={errorOf('duration') ?? errorOf('duration_minutes')}
              onChange={(e) => update('duration', e.target.value)}
            />
          </div>
        </EditorCard>

        <EditorCard id="editor-price" title={t('editor.priceSection')}>
          <div className={styles.grid}>
            <TextField
              label={t('editor.fields.price')}
              inputMode="numeric"
              value={form.price}
              error={errorOf('price')}
              onChange={(e) => update('price', e.target.value)}
            />
            <SelectField
              label={t('editor.fields.currency')}
              value={form.currency}
              error={errorOf('currency')}
              onChange={(v) => update('currency', v as EditorForm['currency'])}
            >
              {CURRENCIES.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('editor.fields.childPrice')}
              hint={t('editor.fields.childPriceHint')}
              inputMode="numeric"
              value={form.childPrice}
              error={errorOf('childPrice') ?? errorOf('child_price')}
              onChange={(e) => update('childPrice', e.target.value)}
            />
            <TextField
              label={t('editor.fields.minPersons')}
              inputMode="numeric"
              value={form.minPersons}
              error={errorOf('minPersons') ?? errorOf('min_persons')}
              onChange={(e) => update('minPersons', e.target.value)}
            />
            <TextField
              label={t('editor.fields.maxPersons')}
              inputMode="numeric"
              value={form.maxPersons}
              error={errorOf('maxPersons') ?? errorOf('max_persons')}
              onChange={(e) => update('maxPersons', e.target.value)}
            />
          </div>
          <CheckboxField
            label={t('editor.fields.childrenAllowed')}
            checked={form.childrenAllowed}
            onChange={(e) => update('childrenAllowed', e.target.checked)}
          />
        </EditorCard>

        <EditorCard id="editor-dates" title={t('editor.datesSection')}>
          {errorOf('dates') ? <p className={fieldStyles.error}>{errorOf('dates')}</p> : null}
          {form.dates.length === 0 ? <p className={officeStyles.meta}>{t('editor.dates.empty')}</p> : null}
          <RowList
            items={form.dates}
            legend={(number) => t('editor.dates.row', { number })}
            renderRow={(date, index, number) => {
              const set = (patch: Partial<typeof date>) => update('dates', patchAt(form.dates, index, patch));
              return (
                <div className={styles.dateGrid}>
                  <TextField
                    label={t('editor.dates.day')}
                    type="date"
                    min={date.id ? undefined : minDay()}
                    value={date.day}
                    onChange={(e) => set({ day: e.target.value })}
                  />
                  <TextField
                    label={t('editor.dates.time')}
                    type="time"
                    value={date.time}
                    onChange={(e) => set({ time: e.target.value })}
                  />
                  <TextField
                    label={t('editor.dates.seats')}
                    inputMode="numeric"
                    value={date.seats}
                    hint={date.booked > 0 ? t('editor.dates.booked', { count: date.booked }) : undefined}
                    error={
                      errorOf(`dates.${index}`) ??
                      errorOf(`dates.${index}.seats_total`) ??
                      errorOf(`dates.${index}.starts_at`)
                    }
                    onChange={(e) => set({ seats: e.target.value })}
                  />
                  <button
                    type="button"
                    className={`${buttonClass('ghost')} ${officeStyles.dangerText}`}
                    disabled={date.booked > 0}
                    onClick={() => update('dates', removeAt(form.dates, index))}
                  >
                    {t('editor.dates.remove', { number })}
                  </button>
                </div>
              );
            }}
          />
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => update('dates', addDate(form.dates))}
          >
            + {t('editor.dates.add')}
          </button>
        </EditorCard>

        <EditorCard id="editor-itinerary" title={t('editor.itinerarySection')}>
          {form.steps.length === 0 ? <p className={officeStyles.meta}>{t('editor.steps.empty')}</p> : null}
          <RowList
            items={form.steps}
            legend={(number) => t('editor.steps.step', { number })}
            renderRow={(step, index, number) => {
              const set = (patch: Partial<typeof step>) => update('steps', patchAt(form.steps, index, patch));
              return (
                <div className={styles.stack}>
                  <TextField
                    label={`${t('editor.steps.title')} (${languageName(lang)})`}
                    value={step.title[lang]}
                    maxLength={200}
                    error={errorOf(`itinerary.${index}.title.${lang}`)}
                    onChange={(e) => set({ title: { ...step.title, [lang]: e.target.value } })}
                  />
                  <TextAreaField
                    label={`${t('editor.steps.description')} (${languageName(lang)})`}
                    rows={3}
                    value={step.description[lang]}
                    onChange={(e) => set({ description: { ...step.description, [lang]: e.target.value } })}
                  />
                  <TextField
                    label={t('editor.steps.duration')}
                    inputMode="numeric"
                    value={step.duration}
                    onChange={(e) => set({ duration: e.target.value })}
                  />
                  <div className={styles.inline}>
                    <button
                      type="button"
                      className={buttonClass('ghost')}
                      disabled={index === 0}
                      aria-label={t('editor.steps.up', { number })}
                      onClick={() => update('steps', move(form.steps, index, -1))}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className={buttonClass('ghost')}
                      disabled={index === form.steps.length - 1}
                      aria-label={t('editor.steps.down', { number })}
                      onClick={() => update('steps', move(form.steps, index, 1))}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      className={`${buttonClass('ghost')} ${officeStyles.dangerText}`}
                      onClick={() => update('steps', removeAt(form.steps, index))}
                    >
                      {t('editor.steps.remove', { number })}
                    </button>
                  </div>
                </div>
              );
            }}
          />
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => update('steps', addStep(form.steps))}
          >
            + {t('editor.steps.add')}
          </button>
        </EditorCard>

        <EditorCard id="editor-photos" title={t('editor.photosSection')}>
          {form.photos.length === 0 ? <p className={officeStyles.meta}>{t('editor.photos.empty')}</p> : null}
          <ul className={styles.photos}>
            {form.photos.map((photo, index) => {
              const number = index + 1;
              const isCover = form.coverId === photo.id;
              return (
                <li key={photo.id} className={`${styles.photo} ${isCover ? styles.photoCover : ''}`}>
                  {/* eslint-disable-next-line @next/next/no-img-element -- an uploaded photo already resized by the server */}
                  <img src={photo.url} alt={t('editor.photos.alt', { number })} width={233} height={175} />
                  {isCover ? <span className={styles.coverTag}>{t('editor.photos.cover')}</span> : null}
                  <div className={styles.photoActions}>
                    <button
                      type="button"
                      className={styles.iconButton}
                      aria-pressed={isCover}
                      aria-label={t('editor.photos.makeCover', { number })}
                      onClick={() => update('coverId', photo.id)}
                    >
                      ★
                    </button>
                    <button
                      type="button"
                      className={styles.iconButton}
                      disabled={index === 0}
                      aria-label={t('editor.photos.left', { number })}
                      onClick={() => update('photos', move(form.photos, index, -1))}
                    >
                      ←
                    </button>
                    <button
                      type="button"
                      className={styles.iconButton}
                      disabled={index === form.photos.length - 1}
                      aria-label={t('editor.photos.right', { number })}
                      onClick={() => update('photos', move(form.photos, index, 1))}
                    >
                      →
                    </button>
                    <button
                      type="button"
                      className={styles.iconButton}
                      aria-label={t('editor.photos.remove', { number })}
                      onClick={() => {
                        const photos = removeAt(form.photos, index);
                        setForm((f) => ({
                          ...f,
                          photos,
                          coverId: f.coverId === photo.id ? (photos[0]?.id ?? null) : f.coverId,
                        }));
                      }}
                    >
                      ✕
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <PhotoUpload busy={busy === 'upload'} onFiles={onUpload} error={errorOf('photo_ids')} />
        </EditorCard>

        <div
          ref={missingRef}
          tabIndex={-1}
          className={styles.missing}
          role={missing.length ? 'alert' : undefined}
          hidden={missing.length === 0}
        >
          <p>{t('editor.missingTitle')}</p>
          <ul>
            {missing.map((item) => (
              <li key={item}>{t(`editor.missing.${item}`)}</li>
            ))}
          </ul>
        </div>

        <div className={styles.bar}>
          <span className={styles.saveState} role="status">
            {dirty ? t('editor.unsaved') : t('editor.allSaved')}
          </span>
          <div className={styles.barActions}>
            <button
              type="submit"
              className={buttonClass(canSubmit ? 'secondary' : 'primary', { block: true })}
              disabled={busy !== null || !dirty}
            >
              {busy === 'save' ? t('editor.saving') : t('editor.save')}
            </button>
            {canSubmit ? (
              <button
                type="button"
                className={buttonClass('primary', { block: true })}
                disabled={busy !== null}
                onClick={() => void onSubmit()}
              >
                {busy === 'submit' ? t('editor.submitting') : t('editor.submit')}
              </button>
            ) : null}
          </div>
        </div>
      </form>
    </div>
  );
}

/** One titled section of the editor form. */
function EditorCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.card} aria-labelledby={id}>
      <h2 id={id} className={styles.cardTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The editor's repeated rows (departures, itinerary steps): a numbered fieldset each. */
function RowList<T extends { key: string }>({
  items,
  legend,
  renderRow,
}: {
  items: readonly T[];
  legend: (number: number) => string;
  renderRow: (item: T, index: number, number: number) => ReactNode;
}) {
  return (
    <ol className={styles.rows}>
      {items.map((item, index) => (
        <li key={item.key} className={styles.row}>
          <fieldset className={styles.fieldset}>
            <legend className={styles.rowTitle}>{legend(index + 1)}</legend>
            {renderRow(item, index, index + 1)}
          </fieldset>
        </li>
      ))}
    </ol>
  );
}

function LanguageTabs({
  value,
  onChange,
  label,
  name,
}: {
  value: TextLanguage;
  onChange: (l: TextLanguage) => void;
  label: string;
  name: (l: TextLanguage) => string;
}) {
  const refs = useRef<Partial<Record<TextLanguage, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = TEXT_LANGUAGES[(index + delta + TEXT_LANGUAGES.length) % TEXT_LANGUAGES.length];
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={styles.tabs}>
      {TEXT_LANGUAGES.map((l, index) => (
        <button
          key={l}
          ref={(el) => {
            refs.current[l] = el;
          }}
          type="button"
          role="tab"
          id={`editor-tab-${l}`}
          aria-selected={value === l}
          aria-controls={`editor-panel-${l}`}
          tabIndex={value === l ? 0 : -1}
          className={styles.tab}
          onClick={() => onChange(l)}
          onKeyDown={(e) => onKeyDown(e, index)}
        >
          {name(l)}
        </button>
      ))}
    </div>
  );
}

function SelectField({
  label,
  value,
  error,
  onChange,
  children,
}: {
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={fieldStyles.input}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {children}
      </select>
      {error ? (
        <span id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The place: its name and a button that opens the place search in a dialog. */
function PlaceField({
  place,
  error,
  onChoose,
}: {
  place: EditorForm['place'];
  error?: string;
  onChoose: (place: { id: number; title: string }) => void;
}) {
  const t = useTranslations('office');
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <span className={fieldStyles.label} id={`${id}-label`}>
        {t('editor.fields.place')}
      </span>
      <div className={styles.placeRow}>
        <span className={styles.placeName} id={`${id}-value`}>
          {place?.title ?? t('editor.fields.placeNone')}
        </span>
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger
            className={buttonClass('secondary')}
            aria-describedby={`${id}-label ${id}-value${error ? ` ${id}-error` : ''}`}
          >
            {place ? t('editor.fields.placeChange') : t('editor.fields.placeChoose')}
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className={officeStyles.overlay} />
            <Dialog.Content className={`${officeStyles.dialog} ${styles.placeDialog}`} aria-describedby={undefined}>
              <div className={styles.placeDialogHead}>
                <Dialog.Title className={officeStyles.dialogTitle}>{t('editor.placeDialog.title')}</Dialog.Title>
                <Dialog.Close className={buttonClass('ghost')}>{t('editor.placeDialog.close')}</Dialog.Close>
              </div>
              <PlaceSearch
                selectedId={place?.id ?? null}
                onChoose={(chosen) => {
                  onChoose({ id: chosen.id, title: chosen.title });
                  setOpen(false);
                }}
              />
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      </div>
      {error ? (
        <span id={`${id}-error`} className={fieldStyles.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

function PhotoUpload({ busy, onFiles, error }: { busy: boolean; onFiles: (files: File[]) => void; error?: string }) {
  const t = useTranslations('office');
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={`${buttonClass('secondary')} ${styles.uploadLabel}`}>
        {busy ? t('editor.photos.uploading') : `+ ${t('editor.photos.upload')}`}
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        className={styles.fileInput}
        disabled={busy}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          // Copy first: clearing the input empties its live FileList (so the same file can be chosen again).
          onFiles(Array.from(e.target.files ?? []));
          e.target.value = '';
        }}
      />
      <span id={`${id}-hint`} className={fieldStyles.hint}>
        {t('editor.photos.hint')}
      </span>
      {error ? <span className={fieldStyles.error}>{error}</span> : null}
    </div>
  );
}
