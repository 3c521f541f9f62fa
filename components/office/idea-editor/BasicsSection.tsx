'use client';

import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { CheckboxField, TextField, fieldStyles } from '@/components/forms/Field';
import { categoriesQuery } from '@/lib/api/queries';
import { ideaTypesQuery } from '@/lib/api/signed-in-queries';
import type { AppLocale } from '@/lib/i18n/locales';
import { SPOKEN } from '@/lib/office/editor';
import { EditorCard, fieldBinders, type SectionProps, SelectField } from './parts';
import { PlaceField } from './PlaceField';
import styles from './IdeaEditor.module.css';

/** Category, type, place, spoken languages and duration. */
export function BasicsSection({ form, update, errorOf }: SectionProps) {
  const t = useTranslations('office');
  const bind = fieldBinders({ form, update, errorOf });
  const locale = useLocale() as AppLocale;
  const categories = useQuery(categoriesQuery(locale));
  const types = useQuery(ideaTypesQuery(locale));
  return (
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
              label={t(`editor.language.${l}`)}
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
          {...bind.text('duration', 'duration_minutes')}
        />
      </div>
    </EditorCard>
  );
}
