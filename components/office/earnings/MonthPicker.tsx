'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useId } from 'react';
import { buttonClass } from '@/components/ui/button';
import { formatMonth } from '@/lib/format/dates';
import type { AppLocale } from '@/lib/i18n/locales';
import { MONTH_PATTERN, nextMonth, previousMonth } from '@/lib/time/local-month';
import styles from './Earnings.module.css';

/**
 * A month (`YYYY-MM`): the browser's month field with a button either side. The address keeps the month, so a
 * reload or a shared link opens the same one.
 */
export function MonthPicker({ month, onChange }: { month: string; onChange: (month: string) => void }) {
  const t = useTranslations('earnings');
  const locale = useLocale() as AppLocale;
  const id = useId();
  const choose = (value: string) => {
    if (!MONTH_PATTERN.test(value)) return;
    const url = new URL(window.location.href);
    url.searchParams.set('month', value);
    window.history.replaceState(window.history.state, '', url);
    onChange(value);
  };
  return (
    <div className={styles.monthPicker}>
      <button
        type="button"
        className={buttonClass('secondary')}
        aria-label={t('previous')}
        onClick={() => choose(previousMonth(month))}
      >
        ←
      </button>
      <label htmlFor={id} className={styles.monthLabel}>
        {t('month')}
      </label>
      <input
        id={id}
        type="month"
        className={styles.monthInput}
        value={month}
        aria-describedby={`${id}-name`}
        onChange={(event) => choose(event.target.value)}
      />
      <span id={`${id}-name`} className={styles.monthName}>
        {formatMonth(month, locale)}
      </span>
      <button
        type="button"
        className={buttonClass('secondary')}
        aria-label={t('next')}
        onClick={() => choose(nextMonth(month))}
      >
        →
      </button>
    </div>
  );
}
