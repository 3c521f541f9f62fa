'use client';

import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { useSignedInUser } from '@/components/account/RequireSession';
import { buttonClass } from '@/components/ui/button';
import { LoadFailed } from '@/components/ui/LoadFailed';
import type { EarningLine, EarningsResponse } from '@/lib/contract/earnings';
import { earningsQuery } from '@/lib/api/signed-in-queries';
import { notify } from '@/lib/browser/notify';
import { isManifestState } from '@/lib/departures/states';
import { formatDay, formatMonth } from '@/lib/format/dates';
import { formatMinorMoney } from '@/lib/format/money';
import type { AppLocale } from '@/lib/i18n/locales';
import { MonthPicker } from './MonthPicker';
import styles from './Earnings.module.css';

/** /office/earnings: the guide's paid bookings of a month, what each brings them, the totals and a CSV. */
export function EarningsView({ initialMonth }: { initialMonth: string }) {
  const t = useTranslations('earnings');
  const locale = useLocale() as AppLocale;
  const user = useSignedInUser();
  const [month, setMonth] = useState(initialMonth);
  const query = useQuery(earningsQuery(locale, user.hid, month));
  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
        {query.data ? (
          <p className={styles.note}>{t(query.data.meta.payment_mode === 'prepay' ? 'prepayNote' : 'fullNote')}</p>
        ) : null}
      </header>
      <div className={styles.toolbar}>
        <MonthPicker month={month} onChange={setMonth} />
        {query.data?.data.length ? <CsvButton month={month} /> : null}
      </div>
      {query.isPending ? (
        <p role="status">{t('loading')}</p>
      ) : query.isError ? (
        <LoadFailed message={t('loadError')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        <EarningsTable earnings={query.data} />
      )}
    </div>
  );
}

function EarningsTable({ earnings }: { earnings: EarningsResponse }) {
  const t = useTranslations('earnings');
  const locale = useLocale() as AppLocale;
  const money = (minor: number, currency: string) => formatMinorMoney(minor, currency, locale);
  return (
    // A wide table scrolls sideways in its own region, which the keyboard can reach (axe: scrollable-region-focusable).
    <div
      className={styles.tableWrap}
      role="region"
      aria-label={t('caption', { month: formatMonth(earnings.meta.month, locale) })}
      tabIndex={0}
    >
      <table className={styles.table}>
        <caption className={styles.caption}>
          {t('caption', { month: formatMonth(earnings.meta.month, locale) })}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('day')}</th>
            <th scope="col">{t('idea')}</th>
            <th scope="col">{t('traveller')}</th>
            <th scope="col">{t('guests')}</th>
            <th scope="col" className={styles.amount}>
              {t('gross')}
            </th>
            <th scope="col" className={styles.amount}>
              {t('paidOnline')}
            </th>
            <th scope="col" className={styles.amount}>
              {t('commission')}
            </th>
            <th scope="col">{t('refunds')}</th>
            <th scope="col" className={styles.amount}>
              {t('guideReceives')}
            </th>
          </tr>
        </thead>
        <tbody>
          {earnings.data.map((line) => (
            <EarningRow key={line.booking_hid} line={line} />
          ))}
        </tbody>
        <tfoot>
          {earnings.meta.totals.map((sum) => (
            <tr key={sum.currency} className={styles.totals}>
              <th scope="row" colSpan={4}>
                {t('total')}
              </th>
              <td data-label={t('gross')} className={styles.amount}>
                {money(sum.gross, sum.currency)}
              </td>
              <td data-label={t('paidOnline')} className={styles.amount}>
                {money(sum.paid_online, sum.currency)}
              </td>
              <td data-label={t('commission')} className={styles.amount}>
                {money(sum.commission, sum.currency)}
              </td>
              <td data-label={t('refunds')}>
                {sum.refunded + sum.refund_pending > 0
                  ? money(sum.refunded + sum.refund_pending, sum.currency)
                  : t('noRefunds')}
              </td>
              <td data-label={t('guideReceives')} className={styles.amount}>
                <strong>{money(sum.guide_receives, sum.currency)}</strong>
              </td>
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}

function EarningRow({ line }: { line: EarningLine }) {
  const t = useTranslations('earnings');
  const tStates = useTranslations('departures.states');
  const locale = useLocale() as AppLocale;
  const money = (minor: number) => formatMinorMoney(minor, line.currency, locale);
  return (
    <tr data-status={line.status}>
      <td data-label={t('day')}>{formatDay(line.day, locale)}</td>
      <th scope="row" data-label={t('idea')}>
        {line.idea_title}
        {line.status !== 'confirmed' && isManifestState(line.status) ? (
          <span className={styles.state}>{tStates(line.status)}</span>
        ) : null}
      </th>
      <td data-label={t('traveller')}>{line.traveller_name}</td>
      <td data-label={t('guests')}>{t('guestsValue', { adults: line.adults, children: line.children })}</td>
      <td data-label={t('gross')} className={styles.amount}>
        {money(line.gross)}
      </td>
      <td data-label={t('paidOnline')} className={styles.amount}>
        {money(line.paid_online)}
      </td>
      <td data-label={t('commission')} className={styles.amount}>
        {money(line.commission)}
      </td>
      <td data-label={t('refunds')}>
        {line.refunds.length ? (
          <ul className={styles.refunds}>
            {line.refunds.map((refund, index) => (
              <li key={index} data-status={refund.status}>
                {money(refund.amount)} — {t(`refund.${refund.status}`)}
              </li>
            ))}
          </ul>
        ) : (
          t('noRefunds')
        )}
      </td>
      <td data-label={t('guideReceives')} className={styles.amount}>
        <strong>{money(line.guide_receives)}</strong>
        <span className={styles.how}>{t(line.mode === 'prepay' ? 'onTheDay' : 'fromPlatform')}</span>
      </td>
    </tr>
  );
}

function CsvButton({ month }: { month: string }) {
  const t = useTranslations('earnings');
  const locale = useLocale() as AppLocale;
  // A plain pending flag, not useMutation: React Query's mutation observer would weigh on the page's first load.
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      await (await import('@/lib/api/earnings')).downloadEarningsCsv(locale, month);
    } catch {
      notify('error', t('loadError'));
    } finally {
      setPending(false);
    }
  };
  return (
    <button
      type="button"
      className={buttonClass('secondary')}
      onClick={() => void download()}
      disabled={pending}
      aria-busy={pending}
    >
      {t('download')}
    </button>
  );
}
