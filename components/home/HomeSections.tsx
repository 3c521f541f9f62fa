'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { IdeaCardItems, IdeaCardSkeleton } from '@/components/ideas/IdeaCard';
import { useCategoryMap } from '@/components/ideas/useCategoryMap';
import { useLiveQuery } from '@/components/providers/useLiveQuery';
import { AppLink } from '@/components/ui/AppLink';
import { useLinkNavigation } from '@/components/ui/useLinkNavigation';
import { LocateIcon } from '@/components/ui/icons';
import { ideasQuery } from '@/lib/api/queries';
import type { IdeaResource } from '@/lib/contract/ideas';
import { readPosition, storePosition } from '@/lib/browser/geo-position';
import type { AppLocale } from '@/lib/i18n/locales';
import { listingHref } from '@/lib/listing/filters';
import {
  HOME_SECTIONS,
  homeSectionFilters,
  homeSectionParams,
  type HomeSection,
  type Position,
} from '@/lib/listing/params';
import { HOME_SECTION_LIMIT } from '@/lib/constants';
import { SECTION_CARD_SIZES, SECTION_EAGER_CARDS } from './section-cards';
import styles from './HomeSections.module.css';

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
 * SPEC section 2 home: nearby, weekend and travel-time sections, prefetched by the server (PageData). "Nearby"
 * uses the stored position, asked for only on a click; a section the page did not bring (nearby a stored
 * position) loads React Query and fetches it. The server's cards of each section (`serverCards`, without a
 * position) are shown as they are, so hydrating them runs no card code and no Intl formatting; "nearby" of a
 * stored position is rendered here.
 */
export function HomeSections({ serverCards = {} }: { serverCards?: Partial<Record<HomeSection, ReactNode>> }) {
  const categories = useCategoryMap();
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
          categories={categories}
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
  categories,
  position,
  locating,
  locate,
}: {
  section: HomeSection;
  eager: boolean;
  serverCards: ReactNode;
  categories: ReturnType<typeof useCategoryMap>;
} & ReturnType<typeof useStoredPosition>) {
  const t = useTranslations('home');
  const locale = useLocale() as AppLocale;
  const sectionPosition = section === 'nearby' ? position : null;
  const { data, isPending, isError } = useLiveQuery(ideasQuery(locale, homeSectionParams(section, sectionPosition)));
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
          <button type="button" onClick={locate} disabled={locating === 'locating'} className={styles.locateButton}>
            <LocateIcon width={18} height={18} />
            {locating === 'locating' ? t('locating') : t('useLocation')}
          </button>
          {locating === 'denied' ? <span role="status">{t('locationDenied')}</span> : null}
        </p>
      ) : null}
      {(section !== 'nearby' || !position) && serverCards ? (
        <ul className={styles.row}>{serverCards}</ul>
      ) : (
        <SectionCards
          section={section}
          ideas={data?.data}
          pending={isPending}
          error={isError}
          categories={categories}
          eager={eager}
        />
      )}
    </section>
  );
}

function SectionCards({
  ideas,
  pending,
  error,
  categories,
  eager,
}: {
  section: HomeSection;
  ideas: IdeaResource[] | undefined;
  pending: boolean;
  error: boolean;
  categories: ReturnType<typeof useCategoryMap>;
  eager: boolean;
}) {
  const t = useTranslations('home');
  if (pending) {
    return (
      <ul className={styles.row} aria-hidden="true">
        {Array.from({ length: HOME_SECTION_LIMIT }, (_, i) => (
          <li key={i}>
            <IdeaCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  if (error || !ideas) return <p className={styles.note}>{t('sectionError')}</p>;
  if (ideas.length === 0) return <p className={styles.note}>{t('sectionEmpty')}</p>;
  return (
    <ul className={styles.row}>
      <IdeaCardItems
        ideas={ideas}
        categories={categories}
        eagerCards={eager ? SECTION_EAGER_CARDS : 0}
        sizes={SECTION_CARD_SIZES}
      />
    </ul>
  );
}
