'use client';

import { useTranslations } from 'next-intl';
import { fieldStyles, TextField } from '@/components/forms/Field';
import { CANCELLATION_POLICIES } from '@/lib/bookings/cancellation';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { EditorCard, type SectionProps } from './parts';
import styles from './IdeaEditor.module.css';

/** The cancellation policy and the meeting point (its text in the language of the texts' tab, and coordinates). */
export function TermsSection({ form, update, errorOf, lang }: SectionProps & { lang: TextLanguage }) {
  const t = useTranslations('terms');
  const tOffice = useTranslations('office');
  const languageName = tOffice(`editor.language.${lang}`);
  const policyError = errorOf('cancellation_policy');
  return (
    <EditorCard id="editor-terms" title={t('section')}>
      <fieldset className={styles.fieldset} aria-describedby={policyError ? 'editor-policy-error' : undefined}>
        <legend className={fieldStyles.label}>{t('policyLegend')}</legend>
        {CANCELLATION_POLICIES.map((policy) => (
          <label key={policy} className={fieldStyles.checkbox}>
            <input
              type="radio"
              name="cancellation-policy"
              value={policy}
              checked={form.policy === policy}
              onChange={() => update('policy', policy)}
            />
            <span>{t(`rule.${policy}`)}</span>
          </label>
        ))}
        {policyError ? (
          <span id="editor-policy-error" className={fieldStyles.error}>
            {policyError}
          </span>
        ) : null}
      </fieldset>
      <TextField
        key={`meeting-${lang}`}
        label={t('meetingText', { language: languageName })}
        hint={t('meetingHint')}
        value={form.meetingPoint[lang]}
        maxLength={300}
        required={lang === 'ru'}
        lang={lang === 'zh' ? 'zh-CN' : lang}
        error={errorOf(`meeting_point.${lang}`) ?? (lang === 'ru' ? errorOf('meeting_point') : undefined)}
        onChange={(e) => update('meetingPoint', { ...form.meetingPoint, [lang]: e.target.value })}
      />
      <div className={styles.grid}>
        <TextField
          label={t('meetingLat')}
          hint={t('coordinatesHint')}
          inputMode="decimal"
          value={form.meetingLat}
          error={errorOf('meetingLat') ?? errorOf('meeting_lat')}
          onChange={(e) => update('meetingLat', e.target.value)}
        />
        <TextField
          label={t('meetingLon')}
          inputMode="decimal"
          value={form.meetingLon}
          error={errorOf('meetingLon') ?? errorOf('meeting_lon')}
          onChange={(e) => update('meetingLon', e.target.value)}
        />
      </div>
    </EditorCard>
  );
}
