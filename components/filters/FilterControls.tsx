import type { ComponentProps, FormEventHandler, ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import { CalendarIcon } from '@/components/ui/icons/CalendarIcon';
import { CloseIcon } from '@/components/ui/icons/CloseIcon';
import { PinIcon } from '@/components/ui/icons/PinIcon';
import { SearchIcon } from '@/components/ui/icons/SearchIcon';
import { SlidersIcon } from '@/components/ui/icons/SlidersIcon';
import { formatDateRange } from '@/lib/format/date-range';
import type { AppLocale } from '@/lib/i18n/locales';
import { filtersToSearch, MORE_FILTER_KEYS, type Filters } from '@/lib/listing/filters';
import { sortOptionOf, type SortOption } from '@/lib/listing/sort';
import dateStyles from './DateRangeFilter.module.css';
import listingStyles from './ListingFilters.module.css';
import mainStyles from './MainFilter.module.css';

/*
 * The filters' controls as they look, without their behaviour: the server renders them in the listing's filter bar
 * before its code has come (ListingFiltersIsland), and the filters' own components render them with it, in the same
 * markup. No state here: these render on the server as they do in the browser.
 */

type TriggerProps = ComponentProps<'button'>;

/** A button that opens a dialog or popover, before its code is there: closed. */
export const CLOSED_TRIGGER: TriggerProps = { type: 'button', 'aria-haspopup': 'dialog', 'aria-expanded': false };

/** The date range's button (and its clear icon when a range is set); `panel` is the open calendar. */
export function DateRangeView({
  from,
  to,
  compact = false,
  trigger = CLOSED_TRIGGER,
  panel,
  onClear,
}: {
  from?: string;
  to?: string;
  compact?: boolean;
  trigger?: TriggerProps;
  panel?: ReactNode;
  onClear?: () => void;
}) {
  const t = useTranslations('filters');
  const label = formatDateRange(from, to, useLocale() as AppLocale);
  return (
    <div className={dateStyles.filter}>
      <button
        className={`${dateStyles.trigger} ${compact ? dateStyles.compact : ''}`}
        aria-label={label ? t('datesLabel', { range: label }) : t('datesLabelEmpty')}
        {...trigger}
      >
        <CalendarIcon width={18} height={18} />
        <span className={label ? dateStyles.value : dateStyles.placeholder}>{label ?? t('datesDefault')}</span>
      </button>
      {panel}
      {label ? (
        <button type="button" className={dateStyles.clear} aria-label={t('clearDates')} onClick={onClear}>
          <CloseIcon width={16} height={16} />
        </button>
      ) : null}
    </div>
  );
}

/** The main filter: the place (a link to the place search) and the dates. */
export function MainFilterView({
  filters,
  place,
  compact = false,
  dates,
}: {
  filters: Filters;
  place: string;
  compact?: boolean;
  dates: ReactNode;
}) {
  const t = useTranslations('filters');
  return (
    <div className={`${mainStyles.main} ${compact ? mainStyles.compact : ''}`}>
      <AppLink
        href={`/a/place-search${filtersToSearch(filters)}`}
        className={mainStyles.place}
        aria-label={t('placeChange', { place })}
      >
        <PinIcon width={18} height={18} aria-hidden />
        <span className={mainStyles.placeName}>{place}</span>
      </AppLink>
      {dates}
    </div>
  );
}

/** The search form; `input` holds the field's value and combobox state, `children` the suggestions. */
export function SearchFieldView({
  input,
  onSubmit,
  children,
}: {
  input: ComponentProps<'input'>;
  onSubmit?: FormEventHandler<HTMLFormElement>;
  children?: ReactNode;
}) {
  const t = useTranslations('filters');
  return (
    <form role="search" className={listingStyles.search} onSubmit={onSubmit}>
      <SearchIcon width={18} height={18} className={listingStyles.searchIcon} />
      <input
        type="search"
        name="query"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={input['aria-expanded'] ?? false}
        aria-controls={input['aria-controls']}
        autoComplete="off"
        maxLength={100}
        placeholder={t('searchPlaceholder')}
        aria-label={t('search')}
        className={listingStyles.searchInput}
        {...input}
      />
      <button type="submit" className={listingStyles.searchButton}>
        {t('searchSubmit')}
      </button>
      {children}
    </form>
  );
}

/** The "more filters" button, with how many of its filters are set; `panel` is the open sheet. */
export function MoreFiltersView({
  filters,
  trigger = CLOSED_TRIGGER,
  panel,
}: {
  filters: Filters;
  trigger?: TriggerProps;
  panel?: ReactNode;
}) {
  const t = useTranslations('filters');
  const setCount = MORE_FILTER_KEYS.filter((key) => filters[key] !== undefined).length;
  return (
    <>
      <button className={buttonClass('chip')} {...trigger}>
        <SlidersIcon width={18} height={18} />
        <span>{t('more')}</span>
        {setCount > 0 ? <span className={listingStyles.badge}>{setCount}</span> : null}
      </button>
      {panel}
    </>
  );
}

/** The sort menu; without `onSort` the browser keeps a choice made before the filters' code came. */
export function SortField({ filters, onSort }: { filters: Filters; onSort?: (option: SortOption) => void }) {
  const t = useTranslations('filters');
  const tSearch = useTranslations('search');
  const sortOption = sortOptionOf(filters);
  const value = onSort
    ? {
        value: sortOption,
        onChange: (event: { target: { value: string } }) => onSort(event.target.value as SortOption),
      }
    : { defaultValue: sortOption };
  return (
    <label className={listingStyles.sort}>
      <span>{t('sort')}</span>
      <select className={listingStyles.sortSelect} {...value}>
        <option value="default">{filters.query ? tSearch('sortRelevance') : t('sortDefault')}</option>
        <option value="priceAsc">{t('sortPriceAsc')}</option>
        <option value="priceDesc">{t('sortPriceDesc')}</option>
        <option value="date">{t('sortDate')}</option>
        <option value="rating">{t('sortRating')}</option>
        {filters.gps_lat !== undefined ? <option value="distance">{t('sortDistance')}</option> : null}
      </select>
    </label>
  );
}
