'use client';

import { useTranslations } from 'next-intl';
import { CheckboxField, TextField } from '@/components/forms/Field';
import { CURRENCIES, type EditorForm } from '@/lib/office/editor';
import { EditorCard, SelectField, type SectionProps } from './parts';
import styles from './IdeaEditor.module.css';

/** Price, currency, child price, group size and whether children may come. */
export function PriceSection({ form, update, errorOf }: SectionProps) {
  const t = useTranslations('office');
  return (
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
  );
}
