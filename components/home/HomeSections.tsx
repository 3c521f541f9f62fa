'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { IdeaCardSkeleton } from '@/components/ideas/IdeaCardSkeleton';
import { AppLink } from '@/components/ui/AppLink';
import { pillClass } from '@/components/ui/button';
import { clientOnly } from '@/components/ui/clientOnly';
import { useLinkNavigation } from '@/components/ui/useLinkNavigation';
import { LocateIcon } from '@/components/ui/icons/LocateIcon';
import { readPosition, storePosition } from '@/lib/browser/geo-position';
import { listingHref } from '@/lib/listing/filters';
import { HOME_SECTIONS, homeSectionFilters, type HomeSection, type Position } from '@/lib/listing/params';
import { HOME_SECTION_LIMIT } from '@/lib/constants';
import { RowScroller } from './RowScroller';
import styles from './HomeSections.module.css';

/** A section's row of placeholders, while its cards' code or its ideas load. */
const SKELETON_ROW = (
  <ul className={styles.row} aria-hidden="true">
    {Array.from({ length: HOME_SECTION_LIMIT }, (_, i) => (
      <li key={i}>
        <IdeaCardSkeleton />
      </li>
    ))}
  </ul>
);

// The card code of the browser's own cards loads only when a section needs them (BrowserSectionCards); the
// sections otherwise show the server's cards.
const BrowserSectionCards = clientOnly(
  () => import('./BrowserSectionCards').then((m) => m.BrowserSectionCards),
  SKELETON_ROW,
);

type Locating = 'idle' | 'locating' | 'denied';

/** The visitor's stored position (read after hydration, so the server HTML and the first render agree). */
function useStoredPosition() {
  const [position, setPosition] = useState<Position | null>(null);
  const [locating, setLocating] = useState<Locating>('idle');
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- localStorage exists only in the browser
    setPosition(readPosition(window.localStorage));
  }, []);
  const locate = () => {
    if (!('geolocation' in navigator)) return setLocating('denied');
    setLocating('locating');
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        setPosition(storePosition(window.localStorage, { lat: coords.latitude, lon: coords.longitude }));
        setLocating('idle');
      },
      () => setLocating('denied'),
      { maximumAge: 10 * 60_000, timeout: 15_000 },
    );
  };
  return { position, locating, locate };
}

/**
 * SPEC section 2 home: nearby, weekend and travel-time sections, rendered by the server. "Nearby" uses the stored
 * position, asked for only on a click. The server's cards of each section (`serverCards`, without a position) are
 * shown as they are, so hydrating them runs no card code and no Intl formatting; BrowserSectionCards loads and
 * fetches "nearby" of a stored position, and a section the server had no answer for (`undefined`; `null` is an
 * empty one).
 */
export function HomeSections({ serverCards = {} }: { serverCards?: Partial<Record<HomeSection, ReactNode>> }) {
  const stored = useStoredPosition();
  const linkNavigation = useLinkNavigation();
  return (
    <div className={styles.sections} {...linkNavigation}>
      {HOME_SECTIONS.map((section, index) => (
        <HomeSectionView
          key={section}
          section={section}
          eager={index === 0}
          serverCards={serverCards[section]}
          {...stored}
        />
      ))}
    </div>
  );
}

function HomeSectionView({
  section,
  eager,
  serverCards,
  position,
  locating,
  locate,
}: {
  section: HomeSection;
  eager: boolean;
  serverCards: ReactNode;
} & ReturnType<typeof useStoredPosition>) {
  const t = useTranslations('home');
  const sectionPosition = section === 'nearby' ? position : null;
  const title = section === 'nearby' ? (position ? t('nearby') : t('nearbyFallback')) : t(section);
  const headingId = `home-${section}`;
  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <div className={styles.head}>
        <h2 id={headingId}>{title}</h2>
        <AppLink
          href={listingHref(homeSectionFilters(section, sectionPosition))}
          className={styles.seeAll}
          aria-label={t('seeAllOf', { section: title })}
        >
          {t('seeAll')}
        </AppLink>
      </div>
      {section === 'nearby' && !position ? (
        <p className={styles.locate}>
          <button type="button" onClick={locate} disabled={locating === 'locating'} className={pillClass}>
            <LocateIcon width={18} height={18} />
            {locating === 'locating' ? t('locating') : t('useLocation')}
          </button>
          {locating === 'denied' ? <span role="status">{t('locationDenied')}</span> : null}
        </p>
      ) : null}
      <RowScroller section={title}>
        {sectionPosition || serverCards === undefined ? (
          <BrowserSectionCards section={section} position={sectionPosition} eager={eager} skeleton={SKELETON_ROW} />
        ) : serverCards === null ? (
          <p className={styles.note}>{t('sectionEmpty')}</p>
        ) : (
          <ul className={styles.row}>{serverCards}</ul>
        )}
      </RowScroller>
    </section>
  );
}
