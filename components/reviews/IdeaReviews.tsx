'use client';

import { useState } from 'react';
import { clientOnly } from '@/components/ui/clientOnly';
import { useLocale, useTranslations } from 'next-intl';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { selectIsModerator } from '@/lib/store/app-store';
import { buttonClass } from '@/components/ui/button';
import type { ReviewResource, ReviewsPage } from '@/lib/contract/reviews';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { ReviewItem } from './ReviewItem';
import { RatingSummary } from './RatingSummary';
import styles from './Reviews.module.css';

// The reply and hide forms load only for the idea's author and moderators.
const ReviewActions = clientOnly(() => import('./ReviewActions').then((m) => m.ReviewActions));

/** The reviews on screen: all of them or one language's, and how far they are paged. */
interface Shown {
  language: TextLanguage | null;
  reviews: ReviewResource[];
  page: number;
  lastPage: number;
}
const pagesOf = ({ meta }: ReviewsPage) => ({ page: meta.current_page, lastPage: meta.last_page });

/**
 * The idea page's reviews: the summary and the first page come from the server (inside the cached page), later
 * pages from GET /ideas/{id}/reviews; those in the visitor's language come first, and the language chips keep one
 * language's reviews. The idea's author may reply and moderators may hide, right here.
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
  const locale = useLocale();
  const user = useAppStore((s) => s.user);
  const [shown, setShown] = useState<Shown>({ language: null, reviews: initial.data, ...pagesOf(initial) });
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const { rating, reviews_count: count, per_page: perPage, languages } = initial.meta;
  const { reviews, page, lastPage } = shown;
  const isAuthor = user?.id === authorId;
  const isModerator = useAppStore(selectIsModerator);

  const load = async (language: TextLanguage | null, nextPage: number) => {
    setState('loading');
    try {
      const { fetchIdeaReviews } = await import('@/lib/api/reviews');
      const next = await fetchIdeaReviews(ideaHid, {
        page: nextPage,
        limit: perPage,
        locale,
        language: language ?? undefined,
      });
      setShown((current) => {
        // A new page is added to the reviews shown; a new language replaces them.
        const kept = current.language === language ? current.reviews : [];
        const added = next.data.filter((r) => !kept.some((seen) => seen.hid === r.hid));
        return { language, reviews: [...kept, ...added], ...pagesOf(next) };
      });
      setState('idle');
    } catch {
      setState('failed');
    }
  };
  const chooseLanguage = (language: TextLanguage | null) => {
    if (language === shown.language) return;
    // All languages: the first page the server rendered, without asking again.
    if (language === null) {
      setShown({ language: null, reviews: initial.data, ...pagesOf(initial) });
      setState('idle');
    } else void load(language, 1);
  };
  const replace = (changed: ReviewResource) =>
    setShown((current) => ({
      ...current,
      reviews: changed.attributes.hidden
        ? current.reviews.filter((r) => r.hid !== changed.hid)
        : current.reviews.map((r) => (r.hid === changed.hid ? changed : r)),
    }));

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
            onClick={() => chooseLanguage(null)}
          >
            {t('allLanguages', { count })}
          </button>
          {languages.map((l) => (
            <button
              key={l.language}
              type="button"
              className={styles.languageChip}
              aria-pressed={shown.language === l.language}
              onClick={() => chooseLanguage(l.language)}
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
      {state === 'failed' ? <p role="alert">{t('loadFailed')}</p> : null}
      {page < lastPage ? (
        <div className={styles.more}>
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => void load(shown.language, page + 1)}
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
