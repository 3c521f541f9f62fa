'use client';

import { useState } from 'react';
import { clientOnly } from '@/components/ui/clientOnly';
import { useTranslations } from 'next-intl';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { selectIsModerator } from '@/lib/store/app-store';
import { buttonClass } from '@/components/ui/button';
import type { ReviewResource, ReviewsPage } from '@/lib/contract/reviews';
import { ReviewItem } from './ReviewItem';
import { RatingSummary } from './RatingSummary';
import styles from './Reviews.module.css';

// The reply and hide forms load only for the idea's author and moderators.
const ReviewActions = clientOnly(() => import('./ReviewActions').then((m) => m.ReviewActions));

/**
 * The idea page's reviews: the summary and the first page come from the server (inside the cached page), later
 * pages from GET /ideas/{id}/reviews. The idea's author may reply and moderators may hide, right here.
 */
export function IdeaReviews({
  ideaHid,
  authorId,
  initial,
}: {
  ideaHid: string;
  authorId: number;
  initial: ReviewsPage;
}) {
  const t = useTranslations('reviews');
  const user = useAppStore((s) => s.user);
  const [reviews, setReviews] = useState<ReviewResource[]>(initial.data);
  const [page, setPage] = useState(initial.meta.current_page);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const { rating, reviews_count: count, last_page: lastPage, per_page: perPage } = initial.meta;
  const isAuthor = user?.id === authorId;
  const isModerator = useAppStore(selectIsModerator);

  const loadMore = async () => {
    setState('loading');
    try {
      const { fetchIdeaReviews } = await import('@/lib/api/reviews');
      const next = await fetchIdeaReviews(ideaHid, page + 1, perPage);
      setReviews((list) => [...list, ...next.data.filter((r) => !list.some((seen) => seen.hid === r.hid))]);
      setPage(page + 1);
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  const replace = (changed: ReviewResource) =>
    setReviews((list) =>
      changed.attributes.hidden
        ? list.filter((r) => r.hid !== changed.hid)
        : list.map((r) => (r.hid === changed.hid ? changed : r)),
    );

  return (
    <section aria-labelledby="reviews" className={styles.section} id="reviews-section">
      <h2 id="reviews">{t('title')}</h2>
      {rating !== null && count > 0 ? <RatingSummary rating={rating} count={count} /> : <p>{t('none')}</p>}
      {reviews.length ? (
        <ul className={styles.list}>
          {reviews.map((review) => (
            <li key={review.hid}>
              <ReviewItem
                review={review}
                actions={
                  isAuthor || isModerator ? (
                    <ReviewActions
                      review={review}
                      canReply={isAuthor && review.attributes.reply === null}
                      canHide={isModerator}
                      onChanged={replace}
                    />
                  ) : null
                }
              />
            </li>
          ))}
        </ul>
      ) : null}
      {page < lastPage ? (
        <div className={styles.more}>
          {state === 'failed' ? <p role="alert">{t('loadFailed')}</p> : null}
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void loadMore()}
            disabled={state === 'loading'}
            aria-busy={state === 'loading'}
          >
            {state === 'loading' ? t('loading') : t('more')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
