'use client';

import { useInfiniteQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useSignedInUser } from '@/components/account/RequireSession';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/LoadFailed';
import type { DepartureResource } from '@/lib/contract/departures';
import { departuresQuery } from '@/lib/api/signed-in-queries';
import type { AppLocale } from '@/lib/i18n/locales';
import { formatDay } from '@/lib/format/dates';
import { SeatsBar } from './SeatsBar';
import styles from './Departures.module.css';

/** /office/departures: the guide's departures day by day, four weeks at a time, each opening its manifest. */
export function DeparturesList() {
  const t = useTranslations('departures');
  const locale = useLocale() as AppLocale;
  const user = useSignedInUser();
  const query = useInfiniteQuery(departuresQuery(locale, user.hid));
  const pages = query.data?.pages ?? [];
  const days = pages.flatMap((page) => page.data);
  const last = pages.at(-1);

  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
        {pages.length ? (
          <p className={styles.range}>
            {t('rangeLabel')}:{' '}
            {t('range', { from: formatDay(pages[0].meta.from, locale), to: formatDay(last!.meta.to, locale) })}
          </p>
        ) : null}
      </header>
      {query.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : query.isError ? (
        <LoadFailed message={t('loadError')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
      ) : days.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        <ol className={styles.days}>
          {days.map((day) => (
            <li key={day.day} className={styles.day}>
              <h2 className={styles.dayTitle}>{formatDay(day.day, locale, { withWeekday: true })}</h2>
              <ul className={styles.departures}>
                {day.departures.map((departure) => (
                  <DepartureRow key={departure.id} departure={departure} />
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
      {query.hasNextPage ? (
        <button
          type="button"
          className={buttonClass('secondary', { block: true })}
          disabled={query.isFetchingNextPage}
          aria-busy={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {t('later')}
        </button>
      ) : null}
    </div>
  );
}

function DepartureRow({ departure }: { departure: DepartureResource }) {
  const t = useTranslations('departures');
  const locale = useLocale() as AppLocale;
  const a = departure.attributes;
  const cancelled = a.cancelled_at !== null;
  return (
    <li className={styles.departure} data-cancelled={cancelled || undefined}>
      <span className={styles.time}>{a.time}</span>
      <div className={styles.departureBody}>
        <p className={styles.ideaTitle}>{a.idea_title}</p>
        {cancelled ? (
          <p className={styles.cancelled}>{t('cancelled')}</p>
        ) : (
          <>
            <SeatsBar taken={a.seats_taken} total={a.seats_total} />
            {a.requests_waiting > 0 ? (
              <p className={styles.requests}>{t('requests', { count: a.requests_waiting })}</p>
            ) : null}
          </>
        )}
      </div>
      <AppLink
        href={`/office/departures/${departure.hid}`}
        className={buttonClass('secondary')}
        // The day as well: the same trip at the same time on another day is another list.
        aria-label={t('openManifestLabel', { title: a.idea_title, day: formatDay(a.day, locale), time: a.time })}
      >
        {t('openManifest')}
      </AppLink>
    </li>
  );
}
