'use client';

import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type UseInfiniteQueryResult,
} from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { useSignedInUser } from '@/components/account/RequireSession';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/LoadFailed';
import type { IdeaResource } from '@/lib/contract/ideas';
import { queryKeys } from '@/lib/contract/query-keys';
import { guideRequestsQuery, ownIdeasQuery, receivedBookingsQuery } from '@/lib/api/signed-in-queries';
import { formatDeparture } from '@/lib/format/dates';
import { formatMoney } from '@/lib/format/money';
import { formatContact } from '@/lib/format/phone';
import { mergePages } from '@/lib/listing/pagination';
import type { AppLocale } from '@/lib/i18n/locales';
import { notify } from '@/lib/browser/notify';
import { selectIsModerator } from '@/lib/store/app-store';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { StatusBadge } from './StatusBadge';
import styles from './Office.module.css';

/** /office: the author's ideas in every status, a new idea, deleting with confirmation, bookings received. */
export function OfficeDashboard() {
  const t = useTranslations('office');
  const user = useSignedInUser();
  const isModerator = useAppStore(selectIsModerator);
  const locale = useLocale() as AppLocale;
  const waiting = useQuery(guideRequestsQuery(locale)).data?.meta.total ?? 0;

  return (
    <div className={styles.office}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('title')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </div>
        {/* The editor creates the idea on its first save: opening it and leaving makes no empty draft. */}
        <AppLink href="/office/ideas/new" className={buttonClass('primary', { block: true })}>
          {t('create')}
        </AppLink>
      </header>
      <nav className={styles.sections} aria-label={t('sectionsLabel')}>
        <a href="#office-ideas">{t('sections.ideas')}</a>
        <a href="#office-bookings">{t('sections.bookings')}</a>
        <AppLink href="/office/departures">{t('sections.departures')}</AppLink>
        <AppLink href="/office/requests">
          {t('sections.requests')}
          {waiting ? (
            <span className={styles.requestCount}>
              <span className="visually-hidden">: </span>
              {t('requests.count', { count: waiting })}
            </span>
          ) : null}
        </AppLink>
        {isModerator ? <AppLink href="/office/moderation">{t('sections.moderation')}</AppLink> : null}
      </nav>
      <OwnIdeas userHid={user.hid} locale={locale} />
      <ReceivedBookings userHid={user.hid} locale={locale} />
    </div>
  );
}

function OwnIdeas({ userHid, locale }: { userHid: string; locale: AppLocale }) {
  const t = useTranslations('office');
  const queryClient = useQueryClient();
  const ideas = useInfiniteQuery(ownIdeasQuery(locale, userHid));
  const list = mergePages(ideas.data?.pages ?? []);
  const [toDelete, setToDelete] = useState<IdeaResource | null>(null);
  const remove = useMutation({
    mutationFn: async (hid: string) => (await import('@/lib/api/office')).deleteIdea(hid),
    onSuccess: async (_, hid) => {
      queryClient.setQueryData(queryKeys.ownIdeas(locale, userHid), (old: typeof ideas.data) =>
        old
          ? { ...old, pages: old.pages.map((page) => ({ ...page, data: page.data.filter((i) => i.hid !== hid) })) }
          : old,
      );
      setToDelete(null);
      notify('success', t('deleted'));
      await queryClient.invalidateQueries({ queryKey: queryKeys.ownIdeas(locale, userHid) });
    },
    onError: () => notify('error', t('deleteFailed')),
  });

  return (
    <OfficeSection id="office-ideas" title={t('sections.ideas')}>
      <OfficeList query={ideas} count={list.length} empty={t('empty')}>
        <ul className={styles.ideaList}>
          {list.map((idea) => (
            <IdeaRow key={idea.hid} idea={idea} locale={locale} onDelete={() => setToDelete(idea)} />
          ))}
        </ul>
      </OfficeList>
      <ConfirmDialog
        title={t('deleteDialog.title')}
        description={<p>{t('deleteDialog.text', { title: toDelete?.attributes.title || t('untitled') })}</p>}
        confirmLabel={remove.isPending ? t('deleting') : t('deleteDialog.confirm')}
        cancelLabel={t('deleteDialog.cancel')}
        open={toDelete !== null}
        busy={remove.isPending}
        danger
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        onConfirm={() => toDelete && remove.mutate(toDelete.hid)}
      />
    </OfficeSection>
  );
}

function IdeaRow({ idea, locale, onDelete }: { idea: IdeaResource; locale: AppLocale; onDelete: () => void }) {
  const t = useTranslations('office');
  const a = idea.attributes;
  const title = a.title || t('untitled');
  const price = idea.relationships.price?.data;
  return (
    <li className={styles.ideaCard}>
      <div className={styles.cover} aria-hidden="true">
        {/* eslint-disable-next-line @next/next/no-img-element -- a small uploaded cover, already resized by the server */}
        {a.cover_url ? <img src={a.cover_url} alt="" width={160} height={120} loading="lazy" /> : null}
      </div>
      <div className={styles.ideaBody}>
        <h3 className={styles.ideaTitle}>{title}</h3>
        <StatusBadge status={a.status} />
        {a.status === 'refused' && a.refusal_reason ? (
          <p className={styles.refusal}>{t('refusalReason', { reason: a.refusal_reason })}</p>
        ) : null}
        <p className={styles.meta}>
          {a.next_date ? t('nextDate', { date: formatDeparture(a.next_date, locale) }) : t('noDates')}
          {price?.amount != null ? <span> · {formatMoney(price.amount, price.currency, locale)}</span> : null}
        </p>
        <div className={styles.actions}>
          <AppLink
            href={`/office/ideas/${idea.hid}`}
            className={buttonClass('secondary')}
            aria-label={t('editLabel', { title })}
          >
            {t('edit')}
          </AppLink>
          {a.status === 'published' ? (
            <AppLink href={`/go/${idea.hid}`} className={buttonClass('ghost')} aria-label={t('viewLabel', { title })}>
              {t('view')}
            </AppLink>
          ) : null}
          <button
            type="button"
            className={`${buttonClass('ghost')} ${styles.dangerText}`}
            onClick={onDelete}
            aria-label={t('deleteLabel', { title })}
          >
            {t('delete')}
          </button>
        </div>
      </div>
    </li>
  );
}

/** One of the office's sections, titled and named by its heading. */
function OfficeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} className={styles.section} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function ReceivedBookings({ userHid, locale }: { userHid: string; locale: AppLocale }) {
  const t = useTranslations('office');
  const tBookings = useTranslations('bookings');
  const bookings = useInfiniteQuery(receivedBookingsQuery(locale, userHid));
  const received = mergePages(bookings.data?.pages ?? []);
  return (
    <OfficeSection id="office-bookings" title={t('bookings.title')}>
      <OfficeList query={bookings} count={received.length} empty={t('bookings.empty')}>
        <ul className={styles.bookingList}>
          {received.map((booking) => {
            const b = booking.attributes;
            const idea = booking.relationships.idea.data;
            return (
              <li key={booking.hid} className={styles.booking}>
                <p className={styles.bookingIdea}>
                  {idea.title || t('untitled')}
                  {idea.deleted ? <span className={styles.meta}> ({t('bookings.deletedIdea')})</span> : null}
                </p>
                <p>
                  {formatDeparture(b.starts_at, locale, { withWeekday: true })} ·{' '}
                  {t('bookings.guests', { adults: b.adults, children: b.children })} ·{' '}
                  {formatMoney(b.total, b.currency, locale)}
                </p>
                <p className={styles.meta}>{t('bookings.contact', { contact: formatContact(b.contact) })}</p>
                <p className={b.status === 'confirmed' ? styles.bookingConfirmed : styles.bookingCancelled}>
                  {b.status === 'confirmed'
                    ? t('bookings.confirmed')
                    : b.status === 'cancelled'
                      ? t('bookings.cancelled')
                      : tBookings(`status.${b.status === 'awaiting_payment' ? 'requested' : b.status}`)}
                </p>
              </li>
            );
          })}
        </ul>
      </OfficeList>
    </OfficeSection>
  );
}

/**
 * An office list in its states: loading, failed (with a retry), empty (its line), or its items; then the button of
 * its next page, while there is one.
 */
function OfficeList({
  query,
  count,
  empty,
  children,
}: {
  query: ShowMoreQuery & { isPending: boolean; isError: boolean; refetch: () => unknown };
  count: number;
  empty: string;
  children: ReactNode;
}) {
  const t = useTranslations('office');
  return (
    <>
      {query.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : query.isError ? (
        <LoadFailed
          className={styles.problem}
          message={t('loadError')}
          retryLabel={t('retry')}
          onRetry={() => void query.refetch()}
        />
      ) : count === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        children
      )}
      <ShowMore query={query} label={t('showMore')} />
    </>
  );
}

type ShowMoreQuery = Pick<UseInfiniteQueryResult, 'hasNextPage' | 'isFetchingNextPage' | 'fetchNextPage'>;

/** Loads the next page of an office list, while there is one. */
function ShowMore({ query, label }: { query: ShowMoreQuery; label: string }) {
  if (!query.hasNextPage) return null;
  return (
    <button
      type="button"
      className={buttonClass('secondary', { block: true })}
      disabled={query.isFetchingNextPage}
      aria-busy={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {label}
    </button>
  );
}
