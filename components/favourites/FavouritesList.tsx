'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSignedInUser } from '@/components/account/RequireSession';
import { IdeaCardItems } from '@/components/ideas/IdeaCard';
import { useCategoryMap } from '@/components/ideas/useCategoryMap';
import { EmptyList } from '@/components/ui/EmptyList';
import { buttonClass } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { useLinkNavigation } from '@/components/ui/useLinkNavigation';
import { favouritesQuery } from '@/lib/api/signed-in-queries';
import type { AppLocale } from '@/lib/i18n/locales';
import grid from '@/components/ideas/IdeaGrid.module.css';
import styles from './FavouritesList.module.css';

/** /account/favourites: the saved ideas as cards, newest saved first; a heart taken off removes its card. */
export function FavouritesList() {
  const t = useTranslations('favourites');
  const locale = useLocale() as AppLocale;
  const user = useSignedInUser();
  const categories = useCategoryMap();
  const linkNavigation = useLinkNavigation();
  const query = useInfiniteQuery(favouritesQuery(locale, user.hid));

  if (query.isPending) return <p role="status">{t('loading')}</p>;
  if (query.isError) {
    return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  }
  const ideas = query.data.pages.flatMap((page) => page.data);
  if (ideas.length === 0) {
    return <EmptyList title={t('empty')} lead={t('emptyLead')} action={{ href: '/go', label: t('browse') }} />;
  }
  return (
    <section aria-labelledby="favourites-list">
      <h2 id="favourites-list" className="visually-hidden">
        {t('title')}
      </h2>
      <ul className={grid.grid} {...linkNavigation}>
        <IdeaCardItems ideas={ideas} categories={categories} eagerCards={4} />
      </ul>
      {query.hasNextPage ? (
        <div className={styles.more}>
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('more')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
