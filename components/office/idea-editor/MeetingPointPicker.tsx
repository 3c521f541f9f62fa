'use client';

import { useId, useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useQuery } from '@tanstack/react-query';
import { fieldStyles } from '@/components/forms/Field';
import { useSettledText } from '@/components/forms/useSettledText';
import { SearchIcon } from '@/components/ui/icons/SearchIcon';
import { clientOnly } from '@/components/ui/clientOnly';
import { useNearScreenOnce } from '@/components/ui/useNearScreen';
import { placeSearchQuery } from '@/lib/api/place-queries';
import type { AppLocale } from '@/lib/i18n/locales';
import mapStyles from '@/components/map/MapView.module.css';
import searchStyles from '@/components/places/PlaceSearch.module.css';
import styles from './IdeaEditor.module.css';

// Leaflet and the map load only when the meeting point's section comes near the screen: no other page carries them.
const PointPickerMap = clientOnly(() => import('@/components/map/PointPickerMap').then((m) => m.PointPickerMap));

const MIN_QUERY = 2;
const TYPING_PAUSE_MS = 250;

interface Props {
  point: { lat: number; lon: number } | null;
  /** What the pin stands for (the meeting point's text, or the section's name). */
  label: string;
  tileUrl: string;
  onPick: (lat: number, lon: number) => void;
}

/**
 * The meeting point on a map (issue 41 #10): a click on the map or an address found through the place search sets
 * the coordinates; the typed fields beside it stay the precise and keyboard way, and move the pin.
 */
export function MeetingPointPicker({ point, label, tileUrl, onPick }: Props) {
  const t = useTranslations('terms');
  const id = useId();
  const [box, near] = useNearScreenOnce<HTMLDivElement>('200px 0px');
  return (
    <div className={styles.meetingPicker}>
      <span className={fieldStyles.label}>{t('meetingMap')}</span>
      <p id={`${id}-hint`} className={fieldStyles.hint}>
        {t('meetingMapHint')}
      </p>
      <AddressSearch onPick={onPick} />
      <div
        ref={box}
        className={`${mapStyles.ideaMap} ${styles.meetingMap}`}
        role="group"
        aria-label={t('meetingMap')}
        aria-describedby={`${id}-hint`}
      >
        {near ? <PointPickerMap point={point} label={label} tileUrl={tileUrl} onPick={onPick} /> : null}
      </div>
    </div>
  );
}

/** An address or a place by name (GET /osm/search: our places, then the map service's results); one sets the point. */
function AddressSearch({ onPick }: { onPick: Props['onPick'] }) {
  const t = useTranslations('terms');
  const tPlaces = useTranslations('places');
  const locale = useLocale() as AppLocale;
  const inputId = useId();
  const [text, setText] = useState('');
  const settled = useSettledText(text.trim(), TYPING_PAUSE_MS);
  const searching = settled.length >= MIN_QUERY;
  const found = useQuery({ ...placeSearchQuery(locale, settled), enabled: searching });
  const located = (found.data?.data ?? []).flatMap((place) => {
    const { lat, lon, title } = place.attributes;
    if (lat === null || lon === null) return [];
    const detail = 'display_name' in place.attributes ? place.attributes.display_name : null;
    return [{ key: `${place.type}-${place.id}`, lat, lon, title, detail }];
  });
  return (
    <div className={searchStyles.search}>
      <label htmlFor={inputId} className={fieldStyles.label}>
        {t('meetingSearch')}
      </label>
      <div className={searchStyles.inputWrap}>
        <SearchIcon width={18} height={18} aria-hidden />
        <input
          id={inputId}
          type="search"
          className={searchStyles.input}
          value={text}
          placeholder={t('meetingSearchPlaceholder')}
          autoComplete="off"
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
          // Enter here searches, it does not submit the editor's form.
          onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
        />
      </div>
      {!searching ? null : found.isError ? (
        <p className={fieldStyles.error} role="alert">
          {tPlaces('failed')}
        </p>
      ) : found.isPending ? (
        <p role="status">{tPlaces('loading')}</p>
      ) : located.length === 0 ? (
        <p role="status">{tPlaces('nothingFound', { query: settled })}</p>
      ) : (
        <ul className={searchStyles.list} aria-label={t('meetingSearch')}>
          {located.map((place) => (
            <li key={place.key} className={searchStyles.item}>
              <button
                type="button"
                className={searchStyles.choose}
                onClick={() => {
                  onPick(place.lat, place.lon);
                  setText('');
                }}
              >
                <span className={searchStyles.title}>{place.title}</span>
                {place.detail ? <span className={searchStyles.detail}>{place.detail}</span> : null}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
