'use client';

import { useTranslations } from 'next-intl';
import { useRef, type KeyboardEvent } from 'react';
import { TextAreaField, TextField } from '@/components/forms/Field';
import { TEXT_LANGUAGES, type TextLanguage } from '@/lib/i18n/text-languages';
import { EditorCard, fieldBinders, type SectionProps } from './parts';
import styles from './IdeaEditor.module.css';

/** Title and description in the language of the chosen tab (the tab also picks the itinerary's language). */
export function TextsSection({
  form,
  update,
  errorOf,
  lang,
  onLang,
}: SectionProps & { lang: TextLanguage; onLang: (lang: TextLanguage) => void }) {
  const t = useTranslations('office');
  const bind = fieldBinders({ form, update, errorOf });
  const languageName = (l: TextLanguage) => t(`editor.language.${l}`);
  return (
    <EditorCard id="editor-texts" title={t('editor.textsSection')}>
      <LanguageTabs
        value={lang}
        onChange={onLang}
        label={t('editor.languageTabs')}
        name={(l) => `${languageName(l)} · ${l === 'ru' ? t('editor.required') : t('editor.optional')}`}
      />
      <div role="tabpanel" id={`editor-panel-${lang}`} aria-labelledby={`editor-tab-${lang}`} className={styles.stack}>
        <TextField
          key={`title-${lang}`}
          label={`${t('editor.fields.title')} (${languageName(lang)})`}
          {...bind.localized('title', 'title', lang)}
          maxLength={120}
        />
        <TextAreaField
          key={`description-${lang}`}
          label={`${t('editor.fields.description')} (${languageName(lang)})`}
          {...bind.localized('description', 'description', lang)}
          rows={8}
        />
      </div>
    </EditorCard>
  );
}

function LanguageTabs({
  value,
  onChange,
  label,
  name,
}: {
  value: TextLanguage;
  onChange: (l: TextLanguage) => void;
  label: string;
  name: (l: TextLanguage) => string;
}) {
  const refs = useRef<Partial<Record<TextLanguage, HTMLButtonElement | null>>>({});
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = TEXT_LANGUAGES[(index + delta + TEXT_LANGUAGES.length) % TEXT_LANGUAGES.length];
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div role="tablist" aria-label={label} className={styles.tabs}>
      {TEXT_LANGUAGES.map((l, index) => (
        <button
          key={l}
          ref={(el) => {
            refs.current[l] = el;
          }}
          type="button"
          role="tab"
          id={`editor-tab-${l}`}
          aria-selected={value === l}
          aria-controls={`editor-panel-${l}`}
          tabIndex={value === l ? 0 : -1}
          className={styles.tab}
          onClick={() => onChange(l)}
          onKeyDown={(e) => onKeyDown(e, index)}
        >
          {name(l)}
        </button>
      ))}
    </div>
  );
}
