'use client';

import type { ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { IdeaCardItems } from '@/components/ideas/IdeaCard';
import { useCategoryMap } from '@/components/ideas/useCategoryMap';
import { useLiveQuery } from '@/components/providers/useLiveQuery';
import { ideasQuery } from '@/lib/api/queries';
import type { AppLocale } from '@/lib/i18n/locales';
import { homeSectionParams, type HomeSection, type Position } from '@/lib/listing/params';
import { SECTION_CARD_SIZES, SECTION_EAGER_CARDS } from './section-cards';
import styles from './HomeSections.module.css';

/**
 * A home section's cards fetched and rendered by the browser, loaded with their card code only when needed:
 * "nearby" of a stored position (the server cannot know it), or a section the server had no answer for.
 */
export function BrowserSectionCards({
  section,
  position,
  eager,
  skeleton,
}: {
  section: HomeSection;
  position: Position | null;
  eager: boolean;
  /** What shows while the section's ideas load. */
  skeleton: ReactNode;
}) {
  const t = useTranslations('home');
  const locale = useLocale() as AppLocale;
  const categories = useCategoryMap();
  const { data, isPending, isError } = useLiveQuery(ideasQuery(locale, homeSectionParams(section, position)));
  if (isPending) return skeleton;
  if (isError || !data) return <p className={styles.note}>{t('sectionError')}</p>;
  if (data.data.length === 0) return <p className={styles.note}>{t('sectionEmpty')}</p>;
  return (
    <ul className={styles.row}>
      <IdeaCardItems
        ideas={data.data}
        categories={categories}
        eagerCards={eager ? SECTION_EAGER_CARDS : 0}
        sizes={SECTION_CARD_SIZES}
      />
    </ul>
  );
}
