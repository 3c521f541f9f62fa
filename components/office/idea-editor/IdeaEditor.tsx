'use client';

import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import { ownIdeaQuery } from '@/lib/api/signed-in-queries';
import { apiProblem } from '@/lib/forms/api-problem';
import type { IdeaResource } from '@/lib/contract/ideas';
import { localizePath, type AppLocale } from '@/lib/i18n/locales';
import { notify } from '@/lib/browser/notify';
import {
  blankForm,
  formFromIdea,
  isDirty,
  missingForSubmission,
  missingFromErrors,
  type EditorForm,
  type MissingItem,
} from '@/lib/office/editor';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { StatusBadge } from '../StatusBadge';
import { BasicsSection } from './BasicsSection';
import { DatesSection } from './DatesSection';
import { ScheduleSection } from './ScheduleSection';
import { AvailabilitySection } from './AvailabilitySection';
import { ItinerarySection } from './ItinerarySection';
import { PhotosSection } from './PhotosSection';
import { PriceSection } from './PriceSection';
import { TermsSection } from './TermsSection';
import { TextsSection } from './TextsSection';
import type { SectionProps } from './parts';
import { useSaveIdea, useSubmitIdea, type LoadedIdea } from './useSaveIdea';
import { replaceAddress, useUnsavedChangesGuard } from './useUnsavedChangesGuard';
import officeStyles from '../Office.module.css';
import styles from './IdeaEditor.module.css';

/**
 * /office/ideas/[hid]: loads the idea with its texts in every language, then edits it. Without `hid`
 * (/office/ideas/new) the editor opens on a blank form and the first save creates the draft.
 */
export function IdeaEditor({ hid, tileUrl }: { hid?: string; tileUrl: string }) {
  if (!hid) return <EditorBody initial={null} tileUrl={tileUrl} />;
  return <ExistingIdeaEditor hid={hid} tileUrl={tileUrl} />;
}

function ExistingIdeaEditor({ hid, tileUrl }: { hid: string; tileUrl: string }) {
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
  return <EditorBody initial={loaded.data} tileUrl={tileUrl} />;
}

/** `tileUrl`: the meeting point map's tiles (MAP_TILE_URL, which the server reads). */
function EditorBody({ initial, tileUrl }: { initial: LoadedIdea | null; tileUrl: string }) {
  const t = useTranslations('office');
  const locale = useLocale() as AppLocale;
  const [idea, setIdea] = useState<IdeaResource | null>(initial?.idea ?? null);
  const [saved, setSaved] = useState<EditorForm>(() =>
    initial ? formFromIdea(initial.idea, initial.texts) : blankForm(),
  );
  const [form, setForm] = useState<EditorForm>(saved);
  const [uploading, setUploading] = useState(false);
  const [missing, setMissing] = useState<MissingItem[]>([]);
  const [lang, setLang] = useState<TextLanguage>('ru');
  const missingRef = useRef<HTMLDivElement>(null);
  const hid = idea?.hid ?? null;
  const dirty = isDirty(form, saved);
  useUnsavedChangesGuard(dirty, t('editor.leaveWarning'));

  // The first save created the idea: the address becomes its own (a reload or a shared link opens it), while the
  // editor stays as it is. Declared after the guard, so its cleanup after that save has run first.
  const created = !initial && hid !== null;
  useEffect(() => {
    if (created) replaceAddress(localizePath(locale, `/office/ideas/${hid}`));
  }, [created, hid, locale]);

  const reloaded = (fresh: LoadedIdea) => {
    const next = formFromIdea(fresh.idea, fresh.texts);
    setSaved(next);
    setForm(next);
    setIdea(fresh.idea);
  };
  const { save, saving, errors } = useSaveIdea(hid, reloaded);
  // A schedule adds departures on the server: the form takes them without losing other unsaved edits.
  const scheduled = async () => {
    if (!hid) return;
    const office = await import('@/lib/api/office');
    const [fresh, texts] = await Promise.all([office.fetchOwnIdea(locale, hid), office.fetchIdeaTexts(hid)]);
    const { dates } = formFromIdea(fresh.data, texts.data);
    setSaved((s) => ({ ...s, dates }));
    setForm((f) => ({ ...f, dates }));
  };
  const { submit, submitting } = useSubmitIdea(reloaded);
  const busy = saving || submitting || uploading;

  const section: SectionProps = {
    form,
    update: (key, value) => setForm((f) => ({ ...f, [key]: value })),
    errorOf: (field) => errors[field],
  };

  const showMissing = (items: MissingItem[]) => {
    setMissing(items);
    if (items.length) requestAnimationFrame(() => missingRef.current?.focus());
  };

  async function onSave() {
    if (await save(form)) notify('success', t('editor.saved'));
  }

  async function onSubmit() {
    const lacking = missingForSubmission(form);
    showMissing(lacking);
    if (lacking.length) return;
    const target = dirty || !hid ? await save(form) : hid;
    if (!target) return;
    try {
      await submit(target);
      notify('success', t('editor.submitted'));
    } catch (error) {
      const fromApi = missingFromErrors(apiProblem(error).errors);
      if (fromApi.length) showMissing(fromApi);
      else notify('error', t('editor.submitFailed'));
    }
  }

  async function onUpload(files: File[]) {
    if (!files.length) return;
    // A photo belongs to an idea: one not created yet is saved first, with what the form holds.
    const target = hid ?? (await save(form));
    if (!target) return;
    setUploading(true);
    const { uploadIdeaPhoto } = await import('@/lib/api/office');
    for (const file of files) {
      try {
        const { data } = await uploadIdeaPhoto(target, file);
        const photo = { id: data.id, url: data.attributes.cover_url };
        // The photo is stored at once: it joins both the saved state and the form.
        const add = (f: EditorForm) => ({ ...f, photos: [...f.photos, photo], coverId: f.coverId ?? photo.id });
        setSaved(add);
        setForm(add);
      } catch {
        notify('error', t('editor.photos.uploadFailed'));
      }
    }
    setUploading(false);
  }

  const status = idea?.attributes.status ?? 'draft';
  const refusal = idea?.attributes.refusal_reason;
  const canSubmit = status === 'draft' || status === 'refused';

  return (
    <div className={styles.editor}>
      <header className={styles.head}>
        <AppLink href="/office" className={styles.back}>
          ← {t('editor.back')}
        </AppLink>
        <h1 className={officeStyles.title}>
          {form.title.ru.trim() || saved.title.ru || (idea ? t('editor.title') : t('create'))}
        </h1>
        <div className={styles.statusLine}>
          {idea ? <StatusBadge status={status} /> : null}
          <span className={officeStyles.meta}>
            {t(`editor.statusNote.${!idea ? 'new' : status === 'not-moderated' ? 'notModerated' : status}`)}
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
        <TextsSection {...section} lang={lang} onLang={setLang} />
        <BasicsSection {...section} />
        <PriceSection {...section} />
        <AvailabilitySection {...section} />
        {form.format === 'group' ? <DatesSection {...section} /> : null}
        <TermsSection {...section} lang={lang} tileUrl={tileUrl} />
        <ItinerarySection {...section} lang={lang} />
        <PhotosSection {...section} uploading={uploading} onFiles={(files) => void onUpload(files)} />

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
            {dirty ? t('editor.unsaved') : idea ? t('editor.allSaved') : t('editor.nothingSaved')}
          </span>
          <div className={styles.barActions}>
            <button
              type="submit"
              className={buttonClass(canSubmit ? 'secondary' : 'primary', { block: true })}
              disabled={busy || !dirty}
            >
              {saving ? t('editor.saving') : t('editor.save')}
            </button>
            {canSubmit ? (
              <button
                type="button"
                className={buttonClass('primary', { block: true })}
                disabled={busy}
                onClick={() => void onSubmit()}
              >
                {submitting ? t('editor.submitting') : t('editor.submit')}
              </button>
            ) : null}
          </div>
        </div>
      </form>
      {hid && form.format === 'group' ? <ScheduleSection hid={hid} onCreated={scheduled} /> : null}
    </div>
  );
}
