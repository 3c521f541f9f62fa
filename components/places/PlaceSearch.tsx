'use client';

import { useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { ChevronLeftIcon } from '@/components/ui/icons/ChevronLeftIcon';
import { ChevronRightIcon } from '@/components/ui/icons/ChevronRightIcon';
import { PinIcon } from '@/components/ui/icons/PinIcon';
import { SearchIcon } from '@/components/ui/icons/SearchIcon';
import { placeSearchQuery, placesQuery } from '@/lib/api/place-queries';
import type { ChosenPlace, FoundPlace } from '@/lib/api/places';
import type { PlaceResource } from '@/lib/contract/catalog';
import type { OsmPlaceResource } from '@/lib/contract/osm';
import type { AppLocale } from '@/lib/i18n/locales';
import { notify } from '@/lib/browser/notify';
import { useSettledText } from '@/components/forms/useSettledText';
import styles from './PlaceSearch.module.css';

const MIN_QUERY = 2;
const TYPING_PAUSE_MS = 250;

const isOwnPlace = (place: FoundPlace): place is PlaceResource => place.type === 'places';

interface Props {
  onChoose: (place: ChosenPlace) => void;
  /** The place chosen now, marked in the lists. */
  selectedId?: number | null;
}

/**
 * Place search (SPEC section 2 `/a/place-search`): by name in any language, the popular places, and the
 * places inside a place. Map results beyond our own places can be kept only by a signed-in user.
 */
export function PlaceSearch({ onChoose, selectedId = null }: Props) {
  const t = useTranslations('places');
  const locale = useLocale() as AppLocale;
  const signedIn = useAppStore((s) => s.token !== null);
  const inputId = useId();
  const [text, setText] = useState('');
  const [trail, setTrail] = useState<PlaceResource[]>([]);
  const [saving, setSaving] = useState(false);
  const settled = useSettledText(text.trim(), TYPING_PAUSE_MS);
  const searching = settled.length >= MIN_QUERY;
  const parent = trail.at(-1) ?? null;

  const search = useQuery({ ...placeSearchQuery(locale, settled), enabled: searching });
  const browse = useQuery({ ...placesQuery(locale, parent ? parent.id : 'popular'), enabled: !searching });
  const current = searching ? search : browse;
  const places = (current.data?.data ?? []).filter((place) => isOwnPlace(place) || signedIn);

  const choose = async (place: FoundPlace) => {
    if (isOwnPlace(place)) {
      onChoose({ id: place.id, title: place.attributes.title });
      return;
    }
    setSaving(true);
    try {
      const { saveSelectedPlace } = await import('@/lib/api/places');
      const saved = (await saveSelectedPlace(locale, place as OsmPlaceResource)).data;
      onChoose({ id: saved.id, title: saved.attributes.title });
    } catch {
      notify('error', t('saveFailed'));
    } finally {
      setSaving(false);
    }
  };

  const heading = searching ? t('results') : parent ? parent.attributes.title : t('popular');

  return (
    <div className={styles.search}>
      <label htmlFor={inputId} className={styles.label}>
        {t('searchLabel')}
      </label>
      <div className={styles.inputWrap}>
        <SearchIcon width={18} height={18} aria-hidden />
        <input
          id={inputId}
          type="search"
          className={styles.input}
          value={text}
          placeholder={t('searchPlaceholder')}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
        />
      </div>

      <section
        className={styles.results}
        aria-labelledby={`${inputId}-heading`}
        aria-busy={current.isFetching || saving}
      >
        <div className={styles.resultsHead}>
          {!searching && parent ? (
            <button type="button" className={styles.back} onClick={() => setTrail(trail.slice(0, -1))}>
              <ChevronLeftIcon width={18} height={18} aria-hidden />
              {trail.length > 1 ? trail.at(-2)!.attributes.title : t('popular')}
            </button>
          ) : null}
          <h2 id={`${inputId}-heading`} className={styles.heading}>
            {heading}
          </h2>
        </div>

        {!searching && parent ? (
          <button
            type="button"
            className={styles.whole}
            onClick={() => void choose(parent)}
            aria-pressed={selectedId === parent.id}
          >
            <PinIcon width={18} height={18} aria-hidden />
            {t('wholePlace', { place: parent.attributes.title })}
          </button>
        ) : null}

        {current.isError ? (
          <p className={styles.note} role="alert">
            {t('failed')}
          </p>
        ) : current.isPending ? (
          <p className={styles.note} role="status">
            {t('loading')}
          </p>
        ) : places.length === 0 ? (
          <p className={styles.note} role="status">
            {searching ? t('nothingFound', { query: settled }) : t('noChildren')}
          </p>
        ) : (
          <ul className={styles.list}>
            {places.map((place) => (
              <li key={`${place.type}-${place.id}`} className={styles.item}>
                <button
                  type="button"
                  className={styles.choose}
                  onClick={() => void choose(place)}
                  disabled={saving}
                  aria-pressed={isOwnPlace(place) ? selectedId === place.id : undefined}
                >
                  <span className={styles.title}>{place.attributes.title}</span>
                  {!isOwnPlace(place) ? (
                    <span className={styles.detail}>{(place as OsmPlaceResource).attributes.display_name}</span>
                  ) : null}
                </button>
                {isOwnPlace(place) && place.attributes.has_children ? (
                  <button
                    type="button"
                    className={styles.drill}
                    onClick={() => {
                      setText('');
                      setTrail([...(searching ? [] : trail), place]);
                    }}
                    aria-label={t('showInside', { place: place.attributes.title })}
                  >
                    <ChevronRightIcon width={20} height={20} aria-hidden />
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
