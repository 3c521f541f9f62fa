'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useLiveQuery } from '@/components/providers/useLiveQuery';
import { AppLink } from '@/components/ui/AppLink';
import { CloseIcon } from '@/components/ui/icons/CloseIcon';
import { categoriesQuery } from '@/lib/api/queries';
import { formatMoney } from '@/lib/format/money';
import type { AppLocale } from '@/lib/i18n/locales';
import {
  activeFilterCount,
  clearFilters,
  listingHref,
  setFilters,
  type FilterPatch,
  type Filters,
} from '@/lib/listing/filters';
import { SORT_OPTIONS, sortOptionOf } from '@/lib/listing/sort';
import { MainFilter } from './MainFilter';
import { MoreFilters } from './MoreFilters';
import { SearchField } from './SearchField';
import { ViewSwitch } from './ViewSwitch';
import { useApplyFilters } from './useListingFilters';
import styles from './ListingFilters.module.css';

/** A set filter shown as a removable chip ("2 взрослых", "до 5 000 ₽"). */
interface Chip {
  key: string;
  label: string;
  remove: FilterPatch;
}

function useChips(filters: Filters): Chip[] {
  const t = useTranslations('filters');
  const tm = useTranslations('map');
  const locale = useLocale() as AppLocale;
  const money = (value: string) => formatMoney(Number(value), 'RUB', locale);
  const chips: Chip[] = [];
  if (filters.query)
    chips.push({ key: 'query', label: t('chipQuery', { query: filters.query }), remove: { query: null } });
  if (filters.price_min && filters.price_max) {
    chips.push({
      key: 'price',
      label: t('chipPriceRange', { min: money(filters.price_min), max: money(filters.price_max) }),
      remove: { price_min: null, price_max: null },
    });
  } else if (filters.price_min) {
    chips.push({
      key: 'price',
      label: t('chipPriceFrom', { price: money(filters.price_min) }),
      remove: { price_min: null },
    });
  } else if (filters.price_max) {
    chips.push({
      key: 'price',
      label: t('chipPriceTo', { price: money(filters.price_max) }),
      remove: { price_max: null },
    });
  }
  if (filters.adults)
    chips.push({ key: 'adults', label: t('chipAdults', { count: Number(filters.adults) }), remove: { adults: null } });
  if (filters.children)
    chips.push({
      key: 'children',
      label: t('chipChildren', { count: Number(filters.children) }),
      remove: { children: null },
    });
  for (const language of filters.languages?.split(',') ?? []) {
    const rest = filters
      .languages!.split(',')
      .filter((l) => l !== language)
      .join(',');
    chips.push({
      key: `language-${language}`,
      label: t(`languageNames.${language as 'ru' | 'en' | 'zh'}`),
      remove: { languages: rest || null },
    });
  }
  if (filters.time_of_day)
    chips.push({
      key: 'time',
      label: t(filters.time_of_day as 'morning' | 'day' | 'evening'),
      remove: { time_of_day: null },
    });
  if (filters.search_type === 'nearby')
    chips.push({ key: 'nearby', label: t('chipNearby'), remove: { search_type: null, gps_lat: null, gps_lon: null } });
  if (filters.bbox) chips.push({ key: 'bbox', label: tm('chipArea'), remove: { bbox: null } });
  return chips;
}

/** Everything that narrows the listing: main filter, search, category chips, more filters, sort, set values. */
export function ListingFilters({ filters }: { filters: Filters }) {
  const t = useTranslations('filters');
  const tSearch = useTranslations('search');
  const locale = useLocale() as AppLocale;
  const { apply } = useApplyFilters(filters);
  const { data: categories } = useLiveQuery(categoriesQuery(locale));
  const chips = useChips(filters);
  const sortOption = sortOptionOf(filters);
  const hasPosition = filters.gps_lat !== undefined;

  return (
    <div className={styles.filters}>
      <div data-only="desktop">
        <MainFilter filters={filters} apply={apply} />
      </div>
      <SearchField filters={filters} apply={apply} />
      <nav aria-label={t('categories')} className={styles.categories}>
        <ul>
          <li>
            <AppLink
              href={listingHref(setFilters(filters, { category_id: null }))}
              className={styles.chip}
              aria-current={filters.category_id ? undefined : 'page'}
            >
              {t('allCategories')}
            </AppLink>
          </li>
          {categories?.data.map((category) => (
            <li key={category.id}>
              <AppLink
                href={listingHref(setFilters(filters, { category_id: category.id }))}
                className={`${styles.chip} cat-${category.attributes.color}`}
                aria-current={filters.category_id === String(category.id) ? 'page' : undefined}
              >
                {category.attributes.title}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.toolbar}>
        <MoreFilters filters={filters} onApply={apply} />
        <ViewSwitch filters={filters} />
        <label className={styles.sort}>
          <span>{t('sort')}</span>
          <select
            className={styles.sortSelect}
            value={sortOption}
            onChange={(event) =>
              apply(setFilters(filters, SORT_OPTIONS[event.target.value as keyof typeof SORT_OPTIONS]))
            }
          >
            <option value="default">{filters.query ? tSearch('sortRelevance') : t('sortDefault')}</option>
            <option value="priceAsc">{t('sortPriceAsc')}</option>
            <option value="priceDesc">{t('sortPriceDesc')}</option>
            <option value="date">{t('sortDate')}</option>
            <option value="rating">{t('sortRating')}</option>
            {hasPosition ? <option value="distance">{t('sortDistance')}</option> : null}
          </select>
        </label>
      </div>
      {chips.length > 0 ? (
        <ul className={styles.active}>
          {chips.map((chip) => (
            <li key={chip.key}>
              <button
                type="button"
                className={styles.activeChip}
                onClick={() => apply(setFilters(filters, chip.remove))}
                aria-label={t('remove', { name: chip.label })}
              >
                <span>{chip.label}</span>
                <CloseIcon width={14} height={14} />
              </button>
            </li>
          ))}
          {activeFilterCount(filters) > 0 ? (
            <li>
              <AppLink href={listingHref(clearFilters(filters))} className={styles.reset}>
                {t('resetAll')}
              </AppLink>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
