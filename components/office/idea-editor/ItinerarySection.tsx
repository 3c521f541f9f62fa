'use client';

import { useTranslations } from 'next-intl';
import { TextAreaField, TextField } from '@/components/forms/Field';
import { buttonClass } from '@/components/ui/button';
import { addStep } from '@/lib/office/editor';
import { move, patchAt, removeAt } from '@/lib/office/list-edits';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { EditorCard, RowList, type SectionProps } from './parts';
import officeStyles from '../Office.module.css';
import styles from './IdeaEditor.module.css';

/** The itinerary's steps, their texts in the language of the texts' tab. */
export function ItinerarySection({ form, update, errorOf, lang }: SectionProps & { lang: TextLanguage }) {
  const t = useTranslations('office');
  const languageName = t(`editor.language.${lang}`);
  return (
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
                label={`${t('editor.steps.title')} (${languageName})`}
                value={step.title[lang]}
                maxLength={200}
                error={errorOf(`itinerary.${index}.title.${lang}`) ?? errorOf(`itinerary.${index}.title`)}
                onChange={(e) => set({ title: { ...step.title, [lang]: e.target.value } })}
              />
              <TextAreaField
                label={`${t('editor.steps.description')} (${languageName})`}
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
      <button type="button" className={buttonClass('secondary')} onClick={() => update('steps', addStep(form.steps))}>
        + {t('editor.steps.add')}
      </button>
    </EditorCard>
  );
}
