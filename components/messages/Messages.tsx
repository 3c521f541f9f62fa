'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '@/components/events/useLiveEvent';
import { EmptyList } from '@/components/ui/EmptyList';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { Avatar } from '@/components/ui/Avatar';
import { AppLink } from '@/components/ui/AppLink';
import { clientOnly } from '@/components/ui/clientOnly';
import { inboxPagesQuery } from '@/lib/api/signed-in-queries';
import { buttonClass } from '@/components/ui/button';
import { queryKeys } from '@/lib/contract/query-keys';
import type { AppLocale } from '@/lib/i18n/locales';
import { MaskedText } from './MaskedText';
import styles from './Messages.module.css';

/** The open thread's code loads with the thread, not with the inbox alone (first-load budget, docs/performance.md). */
const Thread = clientOnly(() => import('./Thread').then((m) => m.Thread));

/** Keeps the inbox and an open thread fresh: each live event invalidates what it changed. */
function useLiveConversations(locale: AppLocale) {
  const client = useQueryClient();
  const refresh = (payload: Record<string, unknown>) => {
    void client.invalidateQueries({ queryKey: queryKeys.conversations(locale) });
    if (typeof payload.conversation === 'string')
      void client.invalidateQueries({ queryKey: queryKeys.messages(locale, payload.conversation) });
  };
  useLiveEvent('message', refresh);
  useLiveEvent('read', refresh);
  useLiveEvent('booking', refresh);
}

/** /account/messages and /account/messages/{hid}: the inbox beside the open thread; on phones one or the other. */
export function Messages({ hid }: { hid?: string }) {
  const t = useTranslations('conversations');
  const locale = useLocale() as AppLocale;
  const query = useInfiniteQuery(inboxPagesQuery(locale));
  useLiveConversations(locale);
  const time = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

  if (query.isPending) return <p role="status">{t('loading')}</p>;
  if (query.isError)
    return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  const list = query.data.pages.flatMap((page) => page.data);
  if (list.length === 0 && !hid)
    return <EmptyList title={t('empty')} lead={t('emptyLead')} action={{ href: '/go', label: t('browse') }} />;
  return (
    <div className={styles.layout} data-open={hid ? 'thread' : 'list'}>
      <nav className={styles.list} aria-label={t('listLabel')}>
        <ul>
          {list.map((c) => {
            const other = c.relationships.other.data;
            const last = c.attributes.last_message;
            return (
              <li key={c.hid}>
                <AppLink
                  href={`/account/messages/${c.hid}`}
                  className={styles.item}
                  aria-current={c.hid === hid ? 'page' : undefined}
                >
                  <Avatar name={other.name} src={other.image_url} size="card" />
                  <span className={styles.itemBody}>
                    <span className={styles.itemHead}>
                      <strong>{other.name}</strong>
                      <time dateTime={c.attributes.last_message_at}>
                        {time.format(new Date(c.attributes.last_message_at))}
                      </time>
                    </span>
                    <span className={styles.itemIdea}>{c.relationships.idea.data.title}</span>
                    {last ? (
                      <span className={styles.itemLast}>
                        {last.mine ? `${t('you')}: ` : ''}
                        <MaskedText text={last.text} />
                      </span>
                    ) : null}
                  </span>
                  {c.attributes.unread_count > 0 ? (
                    <span className={styles.unread}>
                      <span aria-hidden="true">{c.attributes.unread_count}</span>
                      <span className="visually-hidden">{t('unread', { count: c.attributes.unread_count })}</span>
                    </span>
                  ) : null}
                </AppLink>
              </li>
            );
          })}
        </ul>
        {query.hasNextPage ? (
          <button
            type="button"
            className={`${buttonClass('secondary')} ${styles.more}`}
            disabled={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('moreConversations')}
          </button>
        ) : null}
      </nav>
      <div className={styles.pane}>{hid ? <Thread hid={hid} /> : <p className={styles.pick}>{t('pick')}</p>}</div>
    </div>
  );
}
