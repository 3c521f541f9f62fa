'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { routing } from '../i18n/routing';

export function LocaleSwitcher() {
  const t = useTranslations('LocaleSwitcher');
  const [locale, setLocale] = useState<string>(useLocale());
  return (
    <label>
      {t('label')}{' '}
      <select value={locale} onChange={(event) => setLocale(event.target.value)}>
        {routing.locales.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </label>
  );
}
