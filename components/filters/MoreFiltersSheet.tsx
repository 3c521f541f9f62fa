'use client';

import { useEffect, useState, type RefObject } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { Counter } from '@/components/forms/Counter';
import { useLiveQuery } from '@/components/providers/useLiveQuery';
import { buttonClass } from '@/components/ui/button';
import { LazyOverlayPanel } from '@/components/ui/LazyOverlayPanel';
import { ideasQuery } from '@/lib/api/queries';
import { SPOKEN_LANGUAGES, TIMES_OF_DAY } from '@/lib/listing/filter-values';
import type { AppLocale } from '@/lib/i18n/locales';
import { MORE_FILTER_KEYS, setFilters, type Filters } from '@/lib/listing/filters';
import { listingParams } from '@/lib/listing/params';
import styles from './ListingFilters.module.css';

const MAX_GUESTS = 20;
const SHEET_CLASSES = { content: styles.sheet, header: styles.sheetHeader };

/** How many ideas the pending filters would show (the apply button's count), a moment after the last change. */
function usePendingCount(locale: AppLocale, draft: Filters, enabled: boolean) {
  const [debounced, setDebounced] = useState(draft);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(draft), 300);
    return () => clearTimeout(timer);
  }, [draft]);
  const params = { ...listingParams(debounced), limit: '1', simple_resource: '1' };
  const { data, isFetching } = useLiveQuery(ideasQuery(locale, params), { enabled, keepPrevious: true });
  return { count: data?.meta.total, capped: data?.meta.total_capped, counting: isFetching || debounced !== draft };
}

/**
 * The "more filters" sheet (MoreFilters' panel, loaded when it first opens): price, guide languages, guests and
 * time of day, full-screen on phones and applied together; the apply button shows how many ideas match
 * (DESIGN.md filters). Each opening starts from the listing's own filters.
 */
export function MoreFiltersSheet({
  open,
  onOpenChange,
  trigger,
  filters,
  onApply,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: RefObject<HTMLButtonElement | null>;
  filters: Filters;
  onApply: (filters: Filters) => void;
}) {
  const t = useTranslations('filters');
  const locale = useLocale() as AppLocale;
  const [draft, setDraft] = useState<Filters>(filters);
  const [shownOpen, setShownOpen] = useState(open);
  if (open !== shownOpen) {
    setShownOpen(open);
    if (open) setDraft(filters);
  }
  const { count, capped, counting } = usePendingCount(locale, draft, open);
  const set = (patch: Parameters<typeof setFilters>[1]) => setDraft((current) => setFilters(current, patch));
  const languages = draft.languages?.split(',') ?? [];
  const priceInvalid =
    draft.price_min !== undefined && draft.price_max !== undefined && Number(draft.price_min) > Number(draft.price_max);

  const apply = () => {
    onOpenChange(false);
    onApply(draft);
  };
  const priceField = (key: 'price_min' | 'price_max', label: string, invalid = false) => (
    <label>
      <span>{label}</span>
      <input
        type="number"
        inputMode="numeric"
        min={0}
        step={100}
        value={draft[key] ?? ''}
        onChange={(e) => set({ [key]: /^\d{1,9}$/.test(e.target.value) ? String(Number(e.target.value)) : null })}
        aria-invalid={invalid || undefined}
      />
    </label>
  );

  return (
    <LazyOverlayPanel
      kind="sheet"
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title={t('moreTitle')}
      closeLabel={t('close')}
      classNames={SHEET_CLASSES}
    >
      <div className={styles.sheetBody}>
        <fieldset className={styles.group}>
          <legend>{t('price')}</legend>
          <div className={styles.priceRow}>
            {priceField('price_min', t('priceMin'))}
            {priceField('price_max', t('priceMax'), priceInvalid)}
          </div>
        </fieldset>
        <fieldset className={styles.group}>
          <legend>{t('guests')}</legend>
          <Counter
            label={t('adults')}
            value={Number(draft.adults ?? 0)}
            min={0}
            max={MAX_GUESTS}
            onChange={(v) => set({ adults: v || null })}
          />
          <Counter
            label={t('children')}
            value={Number(draft.children ?? 0)}
            min={0}
            max={MAX_GUESTS}
            onChange={(v) => set({ children: v || null })}
          />
        </fieldset>
        <fieldset className={styles.group}>
          <legend>{t('languages')}</legend>
          <div className={styles.options}>
            {SPOKEN_LANGUAGES.map((language) => (
              <label key={language} className={styles.option}>
                <input
                  type="checkbox"
                  checked={languages.includes(language)}
                  onChange={(e) => {
                    const next = e.target.checked ? [...languages, language] : languages.filter((l) => l !== language);
                    set({ languages: next.join(',') || null });
                  }}
                />
                <span>{t(`languageNames.${language}`)}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className={styles.group}>
          <legend>{t('timeOfDay')}</legend>
          <div className={styles.options}>
            {(['', ...TIMES_OF_DAY] as const).map((time) => (
              <label key={time || 'any'} className={styles.option}>
                <input
                  type="radio"
                  name="time_of_day"
                  checked={(draft.time_of_day ?? '') === time}
                  onChange={() => set({ time_of_day: time || null })}
                />
                <span>{time ? t(time) : t('anyTime')}</span>
              </label>
            ))}
          </div>
        </fieldset>
      </div>
      <div className={styles.sheetActions}>
        <button
          type="button"
          className={buttonClass('secondary')}
          onClick={() => set(Object.fromEntries(MORE_FILTER_KEYS.map((key) => [key, null])))}
        >
          {t('clear')}
        </button>
        <button type="button" className={buttonClass('primary')} onClick={apply} disabled={priceInvalid}>
          {counting && count === undefined
            ? t('showResultsLoading')
            : t(capped ? 'showResultsCapped' : 'showResults', { count: count ?? 0 })}
        </button>
      </div>
    </LazyOverlayPanel>
  );
}
