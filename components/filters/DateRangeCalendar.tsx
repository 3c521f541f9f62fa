'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { DayPicker, type DateRange } from 'react-day-picker';
import { enUS, ru, zhCN } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import { buttonClass } from '@/components/ui/button';
import { dateToDay, dayToDate, siteToday } from '@/lib/format/dates';
import type { AppLocale } from '@/lib/i18n/locales';
import styles from './DateRangeFilter.module.css';

/** DayPicker locales carry localized month names, week starts and accessible labels. */
const CALENDAR_LOCALES = { ru, en: enUS, 'zh-CN': zhCN } as const;

export interface DayRange {
  from: string;
  to?: string;
}

interface Props {
  initial: DayRange | null;
  /** Every change of the selection, so that closing the overlay can apply it. */
  onChange: (range: DayRange | null) => void;
  onApply: (range: DayRange | null) => void;
  onClear: () => void;
  months: number;
}

/** The range calendar of the date filter: earliest day today, no time picker, Clear and Apply. */
export default function DateRangeCalendar({ initial, onChange, onApply, onClear, months }: Props) {
  const t = useTranslations('filters');
  const locale = useLocale() as AppLocale;
  const today = dayToDate(siteToday())!;
  const [selected, setSelected] = useState<DateRange | undefined>(() => {
    const from = dayToDate(initial?.from);
    return from ? { from, to: dayToDate(initial?.to) ?? from } : undefined;
  });

  const toDayRange = (range: DateRange | undefined): DayRange | null =>
    range?.from ? { from: dateToDay(range.from), ...(range.to ? { to: dateToDay(range.to) } : {}) } : null;

  const select = (range: DateRange | undefined) => {
    setSelected(range);
    const dayRange = toDayRange(range);
    onChange(dayRange);
    // A range of two different days is a complete choice: apply it at once.
    if (range?.from && range.to && range.to.getTime() !== range.from.getTime()) onApply(dayRange);
  };

  return (
    <div className={styles.calendar}>
      <DayPicker
        mode="range"
        selected={selected}
        onSelect={select}
        resetOnSelect
        locale={CALENDAR_LOCALES[locale]}
        disabled={{ before: today }}
        startMonth={today}
        defaultMonth={selected?.from ?? today}
        numberOfMonths={months}
        autoFocus
      />
      <p className={styles.hint}>{t('calendarHint')}</p>
      <div className={styles.actions}>
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => {
            setSelected(undefined);
            onClear();
          }}
        >
          {t('clear')}
        </button>
        <button type="button" className={buttonClass('primary')} onClick={() => onApply(toDayRange(selected))}>
          {t('apply')}
        </button>
      </div>
    </div>
  );
}
