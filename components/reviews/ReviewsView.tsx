import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button';
import type { ReviewResource, ReviewsPage } from '@/lib/contract/reviews';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { ReviewItem } from './ReviewItem';
import { RatingSummary } from './RatingSummary';
import { REVIEW_ACTION } from './review-action';
import styles from './Reviews.module.css';

/** The reviews on screen: all of them or one language's, and how far they are paged. */
export interface ShownReviews {
  language: TextLanguage | null;
  reviews: ReviewResource[];
  page: number;
  lastPage: number;
}

export const pagesOf = ({ meta }: ReviewsPage) => ({ page: meta.current_page, lastPage: meta.last_page });

/**
 * The idea page's reviews as they look: rendered by the server on the page as it arrives (without handlers) and
 * by IdeaReviews once its code is there, in the same markup.
 */
export function ReviewsView({
  meta,
  shown,
  state = 'idle',
  onLanguage,
  onMore,
  actionsFor,
}: {
  meta: ReviewsPage['meta'];
  shown: ShownReviews;
  state?: 'idle' | 'loading' | 'failed';
  onLanguage?: (language: TextLanguage | null) => void;
  onMore?: () => void;
  actionsFor?: (review: ReviewResource) => ReactNode;
}) {
  const t = useTranslations('reviews');
  const { rating, reviews_count: count, languages } = meta;
  const { reviews, page, lastPage } = shown;
  return (
    <section aria-labelledby="reviews" className={styles.section} id="reviews-section">
      <h2 id="reviews">{t('title')}</h2>
      {rating !== null && count > 0 ? <RatingSummary rating={rating} count={count} /> : <p>{t('none')}</p>}
      {languages.length > 1 ? (
        <div role="group" aria-label={t('languageFilter')} className={styles.languages}>
          <button
            type="button"
            className={styles.languageChip}
            aria-pressed={shown.language === null}
            onClick={onLanguage && (() => onLanguage(null))}
            {...{ [REVIEW_ACTION]: 'all' }}
          >
            {t('allLanguages', { count })}
          </button>
          {languages.map((l) => (
            <button
              key={l.language}
              type="button"
              className={styles.languageChip}
              aria-pressed={shown.language === l.language}
              onClick={onLanguage && (() => onLanguage(l.language))}
              {...{ [REVIEW_ACTION]: `language-${l.language}` }}
            >
              {t('inLanguage', { language: l.language, count: l.count })}
            </button>
          ))}
        </div>
      ) : null}
      {reviews.length ? (
        <ul className={styles.list} aria-busy={state === 'loading'}>
          {reviews.map((review) => (
            <li key={review.hid}>
              <ReviewItem review={review} actions={actionsFor?.(review)} />
            </li>
          ))}
        </ul>
      ) : null}
      {state === 'failed' ? <p role="alert">{t('loadFailed')}</p> : null}
      {page < lastPage ? (
        <div className={styles.more}>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={onMore}
            disabled={state === 'loading'}
            aria-busy={state === 'loading'}
            {...{ [REVIEW_ACTION]: 'more' }}
          >
            {state === 'loading' ? t('loading') : t('more')}
          </button>
        </div>
      ) : null}
    </section>
  );
}
