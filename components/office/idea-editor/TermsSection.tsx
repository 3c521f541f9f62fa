'use client';

import { useTranslations } from 'next-intl';
import { fieldStyles, TextField } from '@/components/forms/Field';
import { CANCELLATION_POLICIES } from '@/lib/bookings/cancellation';
import { MAX_RESPONSE_HOURS, MIN_RESPONSE_HOURS } from '@/lib/bookings/states';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { meetingPosition } from '@/lib/office/editor';
import { MeetingPointPicker } from './MeetingPointPicker';
import { EditorCard, fieldBinders, type SectionProps } from './parts';
import styles from './IdeaEditor.module.css';

/**
 * The booking mode, the cancellation policy and the meeting point: its text in the language of the texts' tab, and
 * its coordinates, picked on the map or typed.
 */
export function TermsSection({
  form,
  update,
  errorOf,
  lang,
  tileUrl,
}: SectionProps & { lang: TextLanguage; tileUrl: string }) {
  const t = useTranslations('terms');
  const bind = fieldBinders({ form, update, errorOf });
  const tOffice = useTranslations('office');
  const languageName = tOffice(`editor.language.${lang}`);
  const policyError = errorOf('cancellation_policy');
  return (
    <EditorCard id="editor-terms" title={t('section')}>
      <fieldset className={styles.fieldset}>
        <legend className={fieldStyles.label}>{t('bookingModeLegend')}</legend>
        {(['instant', 'request'] as const).map((mode) => (
          <label key={mode} className={fieldStyles.checkbox}>
            <input
              type="radio"
              name="booking-mode"
              value={mode}
              checked={form.bookingMode === mode}
              onChange={() => update('bookingMode', mode)}
            />
            <span>{t(`bookingMode.${mode}`)}</span>
          </label>
        ))}
      </fieldset>
      {form.bookingMode === 'request' ? (
        <TextField
          label={t('responseHours')}
          hint={t('responseHoursHint', { min: MIN_RESPONSE_HOURS, max: MAX_RESPONSE_HOURS })}
          inputMode="numeric"
          {...bind.text('responseHours', 'response_hours')}
        />
      ) : null}
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
        {...bind.localized('meetingPoint', 'meeting_point', lang)}
        maxLength={300}
      />
      <MeetingPointPicker
        point={meetingPosition(form)}
        label={form.meetingPoint[lang] || form.meetingPoint.ru || t('meetingPoint')}
        tileUrl={tileUrl}
        onPick={(lat, lon) => {
          update('meetingLat', String(lat));
          update('meetingLon', String(lon));
        }}
      />
      <div className={styles.grid}>
        <TextField
          label={t('meetingLat')}
          hint={t('coordinatesHint')}
          inputMode="decimal"
          {...bind.text('meetingLat', 'meeting_lat')}
        />
        <TextField label={t('meetingLon')} inputMode="decimal" {...bind.text('meetingLon', 'meeting_lon')} />
      </div>
    </EditorCard>
  );
}
