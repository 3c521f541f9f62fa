'use client';

import { useEffect, useEffectEvent, useMemo, useRef, type ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useLiveInfiniteQuery } from '@/components/providers/useLiveQuery';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import { useLinkNavigation } from '@/components/ui/useLinkNavigation';
import { guideIdeaPagesQuery, ideaPagesQuery } from '@/lib/api/queries';
import type { AppLocale } from '@/lib/i18n/locales';
import type { IdeaResource } from '@/lib/contract/ideas';
import { canLoadMore, mergePages, type ItemRef } from '@/lib/listing/pagination';
import type { ApiParams } from '@/lib/listing/params';
import { IdeaCardItems, LISTING_EAGER_CARDS } from './IdeaCard';
import { IdeaCardSkeleton } from './IdeaCardSkeleton';
import { useCategoryMap } from './useCategoryMap';
import grid from './IdeaGrid.module.css';
import styles from './IdeaListing.module.css';

const SKELETON_CARDS = 8;

const isIdea = (item: ItemRef): item is IdeaResource => 'attributes' in item;

/** Page 1 as the server rendered it: its heading ("Нашлось 12 идей") and its cards, each in its `<li>`. */
export interface ServerFirstPage {
  heading: string;
  cards: ReactNode;
}

/**
 * The listing (SPEC section 4): page 1 comes rendered from the server; "show more" and scrolling to the
 * end append the next page while there is one and nothing is loading. The server's cards of page 1
 * (`firstPage`) are shown as they are, so hydrating them runs no card code and no Intl formatting (the
 * browser's first Intl formatter costs 50–200 ms); the browser renders the pages it loads itself, and page 1
 * too when the server had none.
 */
export function IdeaListing({
  params,
  guideHid,
  resetHref,
  firstPage,
}: {
  /** The listing's API params; or, with `guideHid`, the guide's page lists their published ideas instead. */
  params?: ApiParams;
  guideHid?: string;
  resetHref?: string;
  firstPage?: ServerFirstPage;
}) {
  const t = useTranslations('ideas');
  const locale = useLocale() as AppLocale;
  const categories = useCategoryMap();
  const query = useLiveInfiniteQuery(
    guideHid ? guideIdeaPagesQuery(locale, guideHid) : ideaPagesQuery(locale, params ?? {}),
  );
  const linkNavigation = useLinkNavigation();
  const { data, isPending, isError, isFetching, isFetchingNextPage, fetchNextPage, refetch } = query;
  // With the server's cards, page 1 holds the ideas' ids only (ListingPage): they page on, and are never rendered here.
  const ideas = useMemo(() => mergePages<ItemRef>(data?.pages ?? []), [data]);
  const serverCards = firstPage && data ? data.pages[0].data.length : 0;
  const last = data?.pages.at(-1)?.meta;
  const allowed = last
    ? canLoadMore({ loading: isFetching, page: last.current_page, lastPage: last.last_page })
    : false;
  const hasMore = last !== undefined && last.current_page < last.last_page;
  const loadMore = () => {
    if (allowed) void fetchNextPage();
  };

  const sentinel = useRef<HTMLDivElement>(null);
  const onSentinelVisible = useEffectEvent(loadMore);
  useEffect(() => {
    const node = sentinel.current;
    // A guide's page goes on below their ideas (the reviews): it loads more only when asked.
    if (!node || guideHid || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => entries.some((e) => e.isIntersecting) && onSentinelVisible(),
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [last?.current_page, guideHid]);

  if (isPending) {
    return (
      <ul className={grid.grid} aria-busy="true" aria-label={t('loading')}>
        {Array.from({ length: SKELETON_CARDS }, (_, i) => (
          <li key={i}>
            <IdeaCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }

  if (isError && ideas.length === 0) {
    return (
      <div className={styles.state} role="alert">
        <h2>{t('errorTitle')}</h2>
        <p>{t('errorText')}</p>
        <button type="button" className={buttonClass('primary')} onClick={() => void refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  }

  if (ideas.length === 0) {
    return (
      <div className={styles.state}>
        <h2>{t('emptyTitle')}</h2>
        <p>{t('emptyText')}</p>
        {resetHref ? (
          <AppLink href={resetHref} className={buttonClass('secondary')}>
            {t('resetFilters')}
          </AppLink>
        ) : null}
      </div>
    );
  }

  return (
    <section aria-labelledby="listing-count">
      <h2 id="listing-count" className={styles.count} aria-live="polite">
        {firstPage
          ? firstPage.heading
          : t(last?.total_capped ? 'foundCapped' : 'found', { count: last?.total ?? ideas.length })}
      </h2>
      <ul className={grid.grid} {...linkNavigation}>
        {firstPage?.cards}
        <IdeaCardItems
          ideas={ideas.slice(serverCards).filter(isIdea)}
          categories={categories}
          eagerCards={firstPage ? 0 : LISTING_EAGER_CARDS}
        />
        {isFetchingNextPage
          ? Array.from({ length: 4 }, (_, i) => (
              <li key={`loading-${i}`}>
                <IdeaCardSkeleton />
              </li>
            ))
          : null}
      </ul>
      {/* A guide's few ideas need no "that is all" before the rest of their page. */}
      {isError || hasMore || !guideHid ? (
        <div ref={sentinel} className={styles.more}>
          {isError ? (
            <p role="alert" className={styles.inlineError}>
              {t('errorText')}{' '}
              <button type="button" className={buttonClass('secondary')} onClick={() => void fetchNextPage()}>
                {t('retry')}
              </button>
            </p>
          ) : hasMore ? (
            <button type="button" className={buttonClass('secondary')} onClick={loadMore} disabled={!allowed}>
              {isFetchingNextPage ? t('loading') : t('loadMore')}
            </button>
          ) : (
            <p className={styles.end}>{t('endOfList')}</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
