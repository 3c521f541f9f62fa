'use client';

import { useEffect, useState, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/browser/notify';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/LoadFailed';
import { messagesQuery } from '@/lib/api/signed-in-queries';
import { MESSAGE_TEXT_MAX } from '@/lib/conversations/message-rules';
import { queryKeys } from '@/lib/contract/query-keys';
import type { AppLocale } from '@/lib/i18n/locales';
import { MessageText } from './MessageText';
import styles from './Messages.module.css';

const api = () => import('@/lib/api/conversations');

/** One conversation: the idea and booking pinned on top, messages oldest to newest, the answer box below. */
export function Thread({ hid }: { hid: string }) {
  const t = useTranslations('conversations');
  const locale = useLocale() as AppLocale;
  const client = useQueryClient();
  const query = useInfiniteQuery(messagesQuery(locale, hid));
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const conversation = query.data?.pages[0]?.meta.conversation;
  const unread = conversation?.attributes.unread_count ?? 0;
  // The newest message too: one that arrives live while the thread is open, after others were read, leaves the
  // count as it was (1 before the read, 1 again) and is read all the same.
  const newest = query.data?.pages[0]?.data[0]?.hid;

  useEffect(() => {
    if (unread === 0) return;
    void api()
      .then((m) => m.markConversationRead(hid))
      .then(() => client.invalidateQueries({ queryKey: queryKeys.conversations(locale) }));
  }, [unread, newest, hid, client, locale]);

  if (query.isPending) return <p role="status">{t('loading')}</p>;
  if (query.isError)
    return <LoadFailed message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  const c = conversation!;
  const messages = query.data.pages.flatMap((page) => page.data).reverse();
  const booking = c.relationships.booking.data;
  const time = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.messages(locale, hid) }),
      client.invalidateQueries({ queryKey: queryKeys.conversations(locale) }),
    ]);

  async function send(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() || sending) return;
    setSending(true);
    try {
      await (await api()).sendMessage(locale, hid, text);
      setText('');
      await refresh();
    } catch {
      notify('error', t('sendFailed'));
    } finally {
      setSending(false);
    }
  }

  async function report(messageHid: string) {
    try {
      await (await api()).reportMessage(messageHid);
      notify('success', t('reported'));
    } catch {
      notify('error', t('reportFailed'));
    }
  }

  return (
    <section className={styles.thread} aria-labelledby="thread-title">
      <header className={styles.pinned}>
        <AppLink href="/account/messages" className={styles.back}>
          ← {t('back')}
        </AppLink>
        <h2 id="thread-title" className={styles.threadTitle}>
          {c.relationships.other.data.name}
        </h2>
        <p className={styles.threadIdea}>
          <AppLink href={`/go/${c.relationships.idea.data.hid}`}>{c.relationships.idea.data.title}</AppLink>
          {booking ? (
            <span className={styles.status} data-status={booking.status}>
              {t(`status.${booking.status}` as 'status.confirmed')}
            </span>
          ) : null}
        </p>
        {!c.attributes.contacts_visible ? <p className={styles.note}>{t('contactsNote')}</p> : null}
      </header>
      {query.hasNextPage ? (
        <button
          type="button"
          className={buttonClass('secondary')}
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('older')}
        </button>
      ) : null}
      <ol className={styles.messages} aria-label={t('messagesLabel')}>
        {messages.map((m) => {
          const a = m.attributes;
          if (a.kind === 'system')
            return (
              <li key={m.hid} className={styles.system}>
                {a.text} · <time dateTime={a.created_at}>{time.format(new Date(a.created_at))}</time>
              </li>
            );
          return (
            <li key={m.hid} className={a.mine ? styles.mine : styles.theirs}>
              <p className={styles.bubble}>
                {a.hidden && !a.mine ? (
                  <em>{t('hidden')}</em>
                ) : (
                  <MessageText text={a.text} links={c.attributes.contacts_visible} />
                )}
              </p>
              <span className={styles.meta}>
                <time dateTime={a.created_at}>{time.format(new Date(a.created_at))}</time>
                {a.hidden && a.mine ? ` · ${t('hiddenByModerator')}` : null}
                {!a.mine ? (
                  <button type="button" className={styles.report} onClick={() => void report(m.hid)}>
                    {t('report')}
                  </button>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
      <form className={styles.composer} onSubmit={(e) => void send(e)}>
        <label htmlFor="message-text" className="visually-hidden">
          {t('yourMessage')}
        </label>
        <textarea
          id="message-text"
          value={text}
          maxLength={MESSAGE_TEXT_MAX}
          rows={3}
          placeholder={t('placeholder')}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className={buttonClass('primary')} disabled={sending || !text.trim()}>
          {t('send')}
        </button>
      </form>
    </section>
  );
}
