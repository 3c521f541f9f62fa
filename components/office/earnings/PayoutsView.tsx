'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { TextField } from '@/components/forms/Field';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { LoadFailed } from '@/components/ui/LoadFailed';
import type { PayoutLine } from '@/lib/contract/earnings';
import { MAX_PAYOUT_REFERENCE } from '@/lib/earnings/earnings';
import { queryKeys } from '@/lib/contract/query-keys';
import { payoutsQuery } from '@/lib/api/signed-in-queries';
import { notify } from '@/lib/browser/notify';
import { apiProblem } from '@/lib/forms/api-problem';
import { formatDeparture, formatMonth } from '@/lib/format/dates';
import { formatMinorMoney } from '@/lib/format/money';
import type { AppLocale } from '@/lib/i18n/locales';
import { MonthPicker } from './MonthPicker';
import styles from './Earnings.module.css';

/** /office/payouts (moderators and admins): what the platform owes each guide for a month, and marking it paid. */
export function PayoutsView({ initialMonth }: { initialMonth: string }) {
  const t = useTranslations('payouts');
  const tEarnings = useTranslations('earnings');
  const locale = useLocale() as AppLocale;
  const [month, setMonth] = useState(initialMonth);
  const query = useQuery(payoutsQuery(locale, month));
  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
        {query.data?.meta.payment_mode === 'prepay' ? <p className={styles.note}>{t('prepayNote')}</p> : null}
      </header>
      <div className={styles.toolbar}>
        <MonthPicker month={month} onChange={setMonth} />
      </div>
      {query.isPending ? (
        <p role="status">{tEarnings('loading')}</p>
      ) : query.isError ? (
        <LoadFailed message={t('loadError')} retryLabel={tEarnings('retry')} onRetry={() => void query.refetch()} />
      ) : query.data.data.length === 0 ? (
        <p className={styles.empty}>{t('empty')}</p>
      ) : (
        // A wide table scrolls sideways in its own region, which the keyboard can reach (axe: scrollable-region-focusable).
        <div
          className={styles.tableWrap}
          role="region"
          aria-label={t('caption', { month: formatMonth(month, locale) })}
          tabIndex={0}
        >
          <table className={styles.table}>
            <caption className={styles.caption}>{t('caption', { month: formatMonth(month, locale) })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('guide')}</th>
                <th scope="col" className={styles.amount}>
                  {t('bookings')}
                </th>
                <th scope="col" className={styles.amount}>
                  {t('owed')}
                </th>
                <th scope="col">{t('paidOut')}</th>
              </tr>
            </thead>
            <tbody>
              {query.data.data.map((line) => (
                <PayoutRow key={`${line.guide_id}:${line.currency}`} line={line} month={month} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function PayoutRow({ line, month }: { line: PayoutLine; month: string }) {
  const t = useTranslations('payouts');
  const locale = useLocale() as AppLocale;
  const money = (minor: number) => formatMinorMoney(minor, line.currency, locale);
  return (
    <tr data-paid={line.paid_out !== null || undefined}>
      <th scope="row" data-label={t('guide')}>
        {line.guide_name}
      </th>
      <td data-label={t('bookings')} className={styles.amount}>
        {line.bookings}
      </td>
      <td data-label={t('owed')} className={styles.amount}>
        {money(line.owed)}
      </td>
      <td data-label={t('paidOut')}>
        {line.paid_out !== null ? (
          t('paidValue', {
            amount: money(line.paid_out),
            date: formatDeparture(line.paid_at!, locale),
            reference: line.reference ?? '',
          })
        ) : (
          <MarkPaid line={line} month={month} />
        )}
      </td>
    </tr>
  );
}

function MarkPaid({ line, month }: { line: PayoutLine; month: string }) {
  const t = useTranslations('payouts');
  const locale = useLocale() as AppLocale;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string>();
  const mark = useMutation({
    mutationFn: async (text: string) =>
      (await import('@/lib/api/earnings')).markPayout(locale, { guide_id: line.guide_id, month, reference: text }),
    onSuccess: () => {
      setOpen(false);
      notify('success', t('marked'));
    },
    onError: (failure) => {
      setOpen(false);
      notify('error', t('markFailed'), { description: apiProblem(failure).detail });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.payouts(locale, month) }),
  });
  return (
    <>
      <span className={styles.state}>{t('notPaid')}</span>
      <button
        type="button"
        className={buttonClass('secondary')}
        aria-label={t('markPaidLabel', { name: line.guide_name })}
        onClick={() => setOpen(true)}
      >
        {t('markPaid')}
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('dialogTitle', { name: line.guide_name })}
        description={
          <p>
            {t('dialogBody', {
              amount: formatMinorMoney(line.owed, line.currency, locale),
              month: formatMonth(month, locale),
            })}
          </p>
        }
        confirmLabel={t('confirm')}
        cancelLabel={t('cancel')}
        busy={mark.isPending}
        onConfirm={() => {
          const text = reference.trim();
          if (!text) return setError(t('referenceMissing'));
          setError(undefined);
          mark.mutate(text);
        }}
      >
        <TextField
          label={t('reference')}
          hint={t('referenceHint')}
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          error={error}
          maxLength={MAX_PAYOUT_REFERENCE}
          aria-required="true"
        />
      </ConfirmDialog>
    </>
  );
}
