'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { moderationQueueQuery } from '@/lib/api/signed-in-queries';
import type { AppLocale } from '@/lib/i18n/locales';
import { selectIsModerator } from '@/lib/store/app-store';
import { ModerationItem } from './ModerationItem';
import styles from './Moderation.module.css';

/** The moderation tab of the office: ideas waiting for review, oldest first as the API answers them. */
export function ModerationQueue() {
  const t = useTranslations('moderation');
  const locale = useLocale() as AppLocale;
  const isModerator = useAppStore(selectIsModerator);
  const queue = useInfiniteQuery({ ...moderationQueueQuery(locale), enabled: isModerator });

  if (!isModerator) {
    return (
      <div className={styles.state} role="alert">
        <p>{t('onlyModerators')}</p>
        <AppLink href="/office" className={buttonClass('secondary')}>
          {t('toOffice')}
        </AppLink>
      </div>
    );
  }

  const ideas = queue.data?.pages.flatMap((page) => page.data) ?? [];
  const total = queue.data?.pages[0]?.meta.total ?? 0;

  return (
    <section className={styles.queue} aria-labelledby="moderation-count" aria-busy={queue.isFetching}>
      <h2 id="moderation-count" className={styles.count}>
        {queue.isPending ? t('loading') : t('count', { count: total })}
      </h2>
      {queue.isError ? (
        <LoadFailed
          className={styles.state}
          message={t('failed')}
          retryLabel={t('retry')}
          onRetry={() => void queue.refetch()}
        />
      ) : !queue.isPending && ideas.length === 0 ? (
        <p className={styles.state}>{t('empty')}</p>
      ) : (
        <ul className={styles.list}>
          {ideas.map((idea) => (
            <li key={idea.id}>
              <ModerationItem idea={idea} />
            </li>
          ))}
        </ul>
      )}
      {queue.hasNextPage ? (
        <button
          type="button"
          className={buttonClass('secondary', { block: true })}
          disabled={queue.isFetchingNextPage}
          onClick={() => void queue.fetchNextPage()}
        >
          {t('showMore')}
        </button>
      ) : null}
    </section>
  );
}
