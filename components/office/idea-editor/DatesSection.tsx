'use client';

import { useTranslations } from 'next-intl';
import { TextField, fieldStyles } from '@/components/forms/Field';
import { buttonClass } from '@/components/ui/button';
import { addDate, minDay } from '@/lib/office/editor';
import { patchAt, removeAt } from '@/lib/office/list-edits';
import { EditorCard, RowList, type SectionProps } from './parts';
import officeStyles from '../Office.module.css';
import styles from './IdeaEditor.module.css';

/** Departures: day and time in Vladivostok and seats; a row with bookings can be neither removed nor shrunk below them. */
export function DatesSection({ form, update, errorOf }: SectionProps) {
  const t = useTranslations('office');
  return (
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
      <button type="button" className={buttonClass('secondary')} onClick={() => update('dates', addDate(form.dates))}>
        + {t('editor.dates.add')}
      </button>
    </EditorCard>
  );
}
