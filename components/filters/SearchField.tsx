'use client';

import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { clientOnly } from '@/components/ui/clientOnly';
import { useTranslations } from 'next-intl';
import { navigationStarted } from '@/components/providers/progress';
import { SearchIcon } from '@/components/ui/icons/SearchIcon';
import { useRouter } from '@/lib/i18n/navigation';
import { setFilters, type Filters } from '@/lib/listing/filters';
import { moveActive, type SuggestionOption } from '@/lib/listing/suggestions';
import styles from './ListingFilters.module.css';

// The list and its requests load once the visitor focuses or types: the listing's first load stays as it was.
const SuggestionList = clientOnly(() => import('./SuggestionList').then((m) => m.SuggestionList));

interface Props {
  filters: Filters;
  apply: (next: Filters) => void;
}

/**
 * The listing's search field: free text for the `query` filter, and a combobox (ARIA 1.2) offering places,
 * categories and ideas for the letters typed. A place or category becomes its filter, an idea opens its page, the
 * query spelled right ("did you mean") is searched for.
 */
export function SearchField({ filters, apply }: Props) {
  const t = useTranslations('filters');
  const router = useRouter();
  const listId = useId();
  const [query, setQuery] = useState(filters.query ?? '');
  const [queryFor, setQueryFor] = useState(filters.query);
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<SuggestionOption[]>([]);
  const [active, setActive] = useState(-1);
  if (queryFor !== filters.query) {
    // The URL changed (back, a removed chip): the search box follows it.
    setQueryFor(filters.query);
    setQuery(filters.query ?? '');
  }
  const expanded = open && options.length > 0 && query.trim().length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const choose = (option: SuggestionOption) => {
    close();
    if (option.kind === 'ideas') {
      navigationStarted();
      router.push(`/go/${option.hid}`);
      return;
    }
    if (option.kind === 'correction') {
      setQuery(option.title);
      apply(setFilters(filters, { query: option.title }));
      return;
    }
    setQuery('');
    const chosen = option.kind === 'places' ? { place_id: option.id } : { category_id: option.id };
    apply(setFilters(filters, { query: null, ...chosen }));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      setActive(moveActive(expanded ? active : -1, options.length, event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && expanded && active >= 0) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      close();
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    close();
    apply(setFilters(filters, { query: query.trim() || null }));
  };

  return (
    <form role="search" className={styles.search} onSubmit={submit}>
      <SearchIcon width={18} height={18} className={styles.searchIcon} />
      <input
        type="search"
        name="query"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={wanted ? listId : undefined}
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="off"
        value={query}
        maxLength={100}
        onFocus={() => setWanted(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        onChange={(event) => {
          setWanted(true);
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        placeholder={t('searchPlaceholder')}
        aria-label={t('search')}
        className={styles.searchInput}
      />
      <button type="submit" className={styles.searchButton}>
        {t('searchSubmit')}
      </button>
      {wanted ? (
        <SuggestionList
          id={listId}
          query={query}
          expanded={expanded}
          active={active}
          onOptions={setOptions}
          onChoose={choose}
        />
      ) : null}
    </form>
  );
}
