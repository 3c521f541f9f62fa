'use client';

import { useState } from 'react';
import { clientOnly } from '@/components/ui/clientOnly';
import { useLocale } from 'next-intl';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { selectIsModerator } from '@/lib/store/app-store';
import type { ReviewResource, ReviewsPage } from '@/lib/contract/reviews';
import type { TextLanguage } from '@/lib/i18n/text-languages';
import { pagesOf, ReviewsView, type ShownReviews } from './ReviewsView';

// The reply and hide forms load only for the idea's author and moderators.
const ReviewActions = clientOnly(() => import('./ReviewActions').then((m) => m.ReviewActions));

/**
 * The idea page's reviews: the summary and the first page come from the server (inside the cached page), later
 * pages from GET /ideas/{id}/reviews; those in the visitor's language come first, and the language chips keep one
 * language's reviews. The idea's author may reply and moderators may hide, right here. The page shows them
 * through ReviewsIsland, which loads this code when a visitor comes near them.
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
  const locale = useLocale();
  const user = useAppStore((s) => s.user);
  const [shown, setShown] = useState<ShownReviews>({ language: null, reviews: initial.data, ...pagesOf(initial) });
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  const isAuthor = user?.id === authorId;
  const isModerator = useAppStore(selectIsModerator);

  const load = async (language: TextLanguage | null, nextPage: number) => {
    setState('loading');
    try {
      const { fetchIdeaReviews } = await import('@/lib/api/reviews');
      const next = await fetchIdeaReviews(ideaHid, {
        page: nextPage,
        limit: initial.meta.per_page,
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
    <ReviewsView
      meta={initial.meta}
      shown={shown}
      state={state}
      onLanguage={chooseLanguage}
      onMore={() => void load(shown.language, shown.page + 1)}
      actionsFor={
        isAuthor || isModerator
          ? (review) => (
              <ReviewActions
                review={review}
                canReply={isAuthor && review.attributes.reply === null}
                canHide={isModerator}
                onChanged={replace}
              />
            )
          : undefined
      }
    />
  );
}
