'use client';

import { useRef, useState } from 'react';
import { clientOnly } from '@/components/ui/clientOnly';
import { useLocale, useTranslations } from 'next-intl';
import { CalendarIcon } from '@/components/ui/icons/CalendarIcon';
import { CloseIcon } from '@/components/ui/icons/CloseIcon';
import { LazyOverlayPanel, useOverlayTrigger } from '@/components/ui/LazyOverlayPanel';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { formatDateRange } from '@/lib/format/date-range';
import type { AppLocale } from '@/lib/i18n/locales';
import type { DayRange } from './DateRangeCalendar';
import styles from './DateRangeFilter.module.css';

// The calendar (react-day-picker and date-fns) loads only when the filter is opened.
const DateRangeCalendar = clientOnly(
  () => import('./DateRangeCalendar').then((m) => m.default),
  <div className={styles.calendarLoading} />,
);

interface Props {
  from?: string;
  to?: string;
  /** Applies a range (null clears it); the caller navigates. */
  onApply: (range: DayRange | null) => void;
  compact?: boolean;
}

const SHEET_CLASSES = { content: styles.sheet, header: styles.sheetHeader };
const POPOVER_CLASSES = { content: styles.popover };

const sameRange = (a: DayRange | null, b: DayRange | null) =>
  (a?.from ?? null) === (b?.from ?? null) && (a?.to ?? a?.from ?? null) === (b?.to ?? b?.from ?? null);

/**
 * SPEC section 2 date-range filter: a full-screen dialog on mobile, a popover on desktop. Choosing a range,
 * Apply or the close button applies it; Esc or a click outside closes it unchanged; the clear icon resets the dates.
 */
export function DateRangeFilter({ from, to, onApply, compact = false }: Props) {
  const t = useTranslations('filters');
  const locale = useLocale() as AppLocale;
  const isMobile = useAppStore((s) => s.isMobile);
  const [open, setOpen] = useState(false);
  const current: DayRange | null = from ? { from, to: to ?? from } : null;
  const pending = useRef<DayRange | null>(current);
  // Esc and a click outside close without applying; every other way of closing applies the choice.
  const dismissed = useRef(false);
  const dismiss = () => {
    dismissed.current = true;
  };
  const label = formatDateRange(from, to, locale);

  const apply = (range: DayRange | null) => {
    pending.current = range;
    setOpen(false);
    if (!sameRange(range, current)) onApply(range);
  };

  const onOpenChange = (next: boolean) => {
    if (next) {
      pending.current = current;
      dismissed.current = false;
      setOpen(true);
    } else if (dismissed.current) {
      dismissed.current = false;
      pending.current = current;
      setOpen(false);
    } else {
      apply(pending.current);
    }
  };

  const overlay = useOverlayTrigger(open, onOpenChange);
  const calendar = open ? (
    <DateRangeCalendar
      initial={current}
      months={isMobile ? 1 : 2}
      onChange={(range) => (pending.current = range)}
      onApply={apply}
      onClear={() => apply(null)}
    />
  ) : null;

  return (
    <div className={styles.filter}>
      <button
        className={`${styles.trigger} ${compact ? styles.compact : ''}`}
        aria-label={label ? t('datesLabel', { range: label }) : t('datesLabelEmpty')}
        {...overlay.triggerProps}
      >
        <CalendarIcon width={18} height={18} />
        <span className={label ? styles.value : styles.placeholder}>{label ?? t('datesDefault')}</span>
      </button>
      {overlay.mounted ? (
        <LazyOverlayPanel
          kind={isMobile ? 'sheet' : 'popover'}
          open={open}
          onOpenChange={onOpenChange}
          trigger={overlay.ref}
          title={t('calendarTitle')}
          closeLabel={t('close')}
          onDismiss={dismiss}
          classNames={isMobile ? SHEET_CLASSES : POPOVER_CLASSES}
        >
          {calendar}
        </LazyOverlayPanel>
      ) : null}
      {label ? (
        <button type="button" className={styles.clear} aria-label={t('clearDates')} onClick={() => onApply(null)}>
          <CloseIcon width={16} height={16} />
        </button>
      ) : null}
    </div>
  );
}
