'use client';

import { useTranslations } from 'next-intl';
import { CheckboxField, TextField } from '@/components/forms/Field';
import { CURRENCIES, type EditorForm } from '@/lib/office/editor';
import { EditorCard, fieldBinders, type SectionProps, SelectField } from './parts';
import styles from './IdeaEditor.module.css';

/** Price, currency, child price, group size and whether children may come. */
export function PriceSection({ form, update, errorOf }: SectionProps) {
  const t = useTranslations('office');
  const bind = fieldBinders({ form, update, errorOf });
  return (
    <EditorCard id="editor-price" title={t('editor.priceSection')}>
      <div className={styles.grid}>
        <TextField label={t('editor.fields.price')} inputMode="numeric" {...bind.text('price')} />
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
          {...bind.text('childPrice', 'child_price')}
        />
        <TextField
          label={t('editor.fields.minPersons')}
          inputMode="numeric"
          {...bind.text('minPersons', 'min_persons')}
        />
        <TextField
          label={t('editor.fields.maxPersons')}
          inputMode="numeric"
          {...bind.text('maxPersons', 'max_persons')}
        />
      </div>
      <CheckboxField
        label={t('editor.fields.childrenAllowed')}
        checked={form.childrenAllowed}
        onChange={(e) => update('childrenAllowed', e.target.checked)}
      />
    </EditorCard>
  );
}
