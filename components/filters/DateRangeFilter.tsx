'use client';

import { useRef, useState } from 'react';
import dynamic from 'next/dynamic';
import { useLocale, useTranslations } from 'next-intl';
import * as Dialog from '@radix-ui/react-dialog';
import * as Popover from '@radix-ui/react-popover';
import { CalendarIcon, CloseIcon } from '@/components/ui/icons';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { formatDateRange } from '@/lib/format/date-range';
import type { AppLocale } from '@/lib/i18n/locales';
import type { DayRange } from './DateRangeCalendar';
import styles from './DateRangeFilter.module.css';

// The calendar (react-day-picker and date-fns) loads only when the filter is opened.
const DateRangeCalendar = dynamic(() => import('./DateRangeCalendar'), { ssr: false, loading: () => <div className={styles.calendarLoading} /> });

interface Props {
  from?: string;
  to?: string;
  /** Applies a range (null clears it); the caller navigates. */
  onApply: (range: DayRange | null) => void;
  compact?: boolean;
}

const sameRange = (a: DayRange | null, b: DayRange | null) => (a?.from ?? null) === (b?.from ?? null) && (a?.to ?? a?.from ?? null) === (b?.to ?? b?.from ?? null);

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

  const calendar = open ? (
    <DateRangeCalendar
      initial={current}
      months={isMobile ? 1 : 2}
      onChange={(range) => (pending.current = range)}
      onApply={apply}
      onClear={() => apply(null)}
    />
  ) : null;

  const trigger = (
    <button type="button" className={`${styles.trigger} ${compact ? styles.compact : ''}`} aria-label={label ? t('datesLabel', { range: label }) : t('datesLabelEmpty')}>
      <CalendarIcon width={18} height={18} />
      <span className={label ? styles.value : styles.placeholder}>{label ?? t('datesDefault')}</span>
    </button>
  );

  return (
    <div className={styles.filter}>
      {isMobile ? (
        <Dialog.Root open={open} onOpenChange={onOpenChange}>
          <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className={styles.overlay} />
            <Dialog.Content className={styles.sheet} aria-describedby={undefined} onEscapeKeyDown={dismiss} onInteractOutside={dismiss}>
              <div className={styles.sheetHeader}>
                <Dialog.Title className={styles.sheetTitle}>{t('calendarTitle')}</Dialog.Title>
                <Dialog.Close className={styles.iconButton} aria-label={t('close')}>
                  <CloseIcon width={20} height={20} />
                </Dialog.Close>
              </div>
              {calendar}
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      ) : (
        <Popover.Root open={open} onOpenChange={onOpenChange}>
          <Popover.Trigger asChild>{trigger}</Popover.Trigger>
          <Popover.Portal>
            <Popover.Content className={styles.popover} align="start" sideOffset={8} aria-label={t('calendarTitle')} onEscapeKeyDown={dismiss} onInteractOutside={dismiss}>
              {calendar}
            </Popover.Content>
          </Popover.Portal>
        </Popover.Root>
      )}
      {label ? (
        <button type="button" className={styles.clear} aria-label={t('clearDates')} onClick={() => onApply(null)}>
          <CloseIcon width={16} height={16} />
        </button>
      ) : null}
    </div>
  );
}
