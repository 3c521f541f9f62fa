'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { TextField, fieldStyles } from '@/components/forms/Field';
import { buttonClass } from '@/components/ui/button';
import { SLOT_STEP_CHOICES } from '@/lib/bookings/private-slots';
import { addWindow, minDay } from '@/lib/office/editor';
import { patchAt, removeAt } from '@/lib/office/list-edits';
import { EditorCard, RowList, SelectField, type SectionProps } from './parts';
import officeStyles from '../Office.module.css';
import styles from './IdeaEditor.module.css';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/**
 * The idea's format: group departures (the dates section), or a private trip a group proposes a time for within
 * the guide's week: weekdays × time windows in Vladivostok time, the step between start times, and days off.
 */
export function AvailabilitySection({ form, update, errorOf }: SectionProps) {
  const t = useTranslations('office.editor.private');
  const [blocked, setBlocked] = useState('');
  return (
    <EditorCard id="editor-format" title={t('section')}>
      <fieldset className={styles.fieldset}>
        <legend className={fieldStyles.label}>{t('formatLegend')}</legend>
        {(['group', 'private'] as const).map((format) => (
          <label key={format} className={fieldStyles.checkbox}>
            <input
              type="radio"
              name="idea-format"
              value={format}
              checked={form.format === format}
              onChange={() => update('format', format)}
            />
            <span>{t(`format.${format}`)}</span>
          </label>
        ))}
      </fieldset>
      {form.format === 'private' ? (
        <>
          <p className={officeStyles.meta}>{t('lead')}</p>
          <SelectField
            label={t('step')}
            value={String(form.slotStep)}
            onChange={(value) => update('slotStep', Number(value))}
          >
            {SLOT_STEP_CHOICES.map((step) => (
              <option key={step} value={step}>
                {t('stepValue', { minutes: step })}
              </option>
            ))}
          </SelectField>
          {errorOf('windows') || errorOf('availability') ? (
            <p className={fieldStyles.error}>{errorOf('windows') ?? errorOf('availability')}</p>
          ) : null}
          <RowList
            items={form.windows}
            legend={(number) => t('window', { number })}
            renderRow={(window, index, number) => {
              const set = (patch: Partial<typeof window>) => update('windows', patchAt(form.windows, index, patch));
              return (
                <div className={styles.dateGrid}>
                  <SelectField
                    label={t('weekday')}
                    value={String(window.weekday)}
                    onChange={(value) => set({ weekday: Number(value) })}
                  >
                    {WEEKDAYS.map((day) => (
                      <option key={day} value={day}>
                        {t(`weekdays.${day}`)}
                      </option>
                    ))}
                  </SelectField>
                  <TextField
                    label={t('from')}
                    type="time"
                    value={window.start}
                    onChange={(e) => set({ start: e.target.value })}
                  />
                  <TextField
                    label={t('until')}
                    type="time"
                    value={window.end}
                    error={errorOf(`windows.${index}`) ?? errorOf(`availability.${index}.end`)}
                    onChange={(e) => set({ end: e.target.value })}
                  />
                  <button
                    type="button"
                    className={`${buttonClass('ghost')} ${officeStyles.dangerText}`}
                    onClick={() => update('windows', removeAt(form.windows, index))}
                  >
                    {t('remove', { number })}
                  </button>
                </div>
              );
            }}
          />
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => update('windows', addWindow(form.windows))}
          >
            + {t('add')}
          </button>
          <fieldset className={styles.fieldset}>
            <legend className={fieldStyles.label}>{t('blocked')}</legend>
            {form.blockedDays.length ? (
              <ul className={styles.blockedDays}>
                {form.blockedDays.map((day) => (
                  <li key={day}>
                    <span>{day}</span>
                    <button
                      type="button"
                      className={buttonClass('ghost')}
                      onClick={() =>
                        update(
                          'blockedDays',
                          form.blockedDays.filter((d) => d !== day),
                        )
                      }
                    >
                      {t('unblock', { day })}
                    </button>
                  </li>
                ))}
              </ul>
            ) : (
              <p className={officeStyles.meta}>{t('noBlocked')}</p>
            )}
            <div className={styles.dateGrid}>
              <TextField
                label={t('blockDay')}
                type="date"
                min={minDay()}
                value={blocked}
                onChange={(e) => setBlocked(e.target.value)}
              />
              <button
                type="button"
                className={buttonClass('secondary')}
                disabled={!blocked || form.blockedDays.includes(blocked)}
                onClick={() => {
                  update('blockedDays', [...form.blockedDays, blocked].sort());
                  setBlocked('');
                }}
              >
                {t('block')}
              </button>
            </div>
          </fieldset>
        </>
      ) : null}
    </EditorCard>
  );
}
