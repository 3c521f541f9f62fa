'use client';

import type { ReactNode } from 'react';
import { FieldFrame } from '@/components/forms/Field';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import type { EditorForm } from '@/lib/office/editor';
import styles from './IdeaEditor.module.css';

/** What every section of the form gets: the form, a setter for one field, and the last save's field errors. */
export interface SectionProps {
  form: EditorForm;
  update: <K extends keyof EditorForm>(key: K, value: EditorForm[K]) => void;
  /** The error of a field: API field names (`price`, `dates.0.seats_total`) and client checks. */
  errorOf: (field: string) => string | undefined;
}

/** The form's strings typed into one input (numbers are typed as text). */
type TextKey =
  'duration' | 'price' | 'childPrice' | 'minPersons' | 'maxPersons' | 'meetingLat' | 'meetingLon' | 'responseHours';
/** The form's texts written in each language. */
type LocalizedKey = 'title' | 'description' | 'meetingPoint';

/**
 * A section's inputs bound to the form: `text(key, apiField)` one of its strings, `localized(key, apiField, lang)`
 * one of its texts in a language (required in Russian). Each gives the value, the setter and the message: the
 * form's own check of `key`, else the API's of `apiField` (in a language, else the whole text's in Russian).
 */
export function fieldBinders({ form, update, errorOf }: SectionProps) {
  return {
    text: (key: TextKey, apiField?: string) => ({
      value: form[key],
      error: errorOf(key) ?? (apiField ? errorOf(apiField) : undefined),
      onChange: (e: { target: { value: string } }) => update(key, e.target.value),
    }),
    localized: (key: LocalizedKey, apiField: string, lang: TextLanguage) => ({
      value: form[key][lang],
      required: lang === 'ru',
      lang: lang === 'zh' ? 'zh-CN' : lang,
      error: errorOf(`${apiField}.${lang}`) ?? (lang === 'ru' ? errorOf(apiField) : undefined),
      onChange: (e: { target: { value: string } }) => update(key, { ...form[key], [lang]: e.target.value }),
    }),
  };
}

/** One titled section of the editor form. */
export function EditorCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
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
export function RowList<T extends { key: string }>({
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

export function SelectField({
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
  children: ReactNode;
}) {
  return (
    <FieldFrame label={label} error={error}>
      {(control) => (
        <select {...control} value={value} onChange={(e) => onChange(e.target.value)}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
