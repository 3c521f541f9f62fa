'use client';

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { TextAreaField } from '@/components/forms/Field';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { LoadFailed } from '@/components/ui/LoadFailed';
import type { Manifest, ManifestEntry } from '@/lib/contract/departures';
import { queryKeys, SIGNED_IN_SCOPE } from '@/lib/contract/query-keys';
import { manifestQuery } from '@/lib/api/signed-in-queries';
import { notify } from '@/lib/browser/notify';
import { apiProblem } from '@/lib/forms/api-problem';
import { formatDeparture } from '@/lib/format/dates';
import { formatPhone } from '@/lib/format/phone';
import type { AppLocale } from '@/lib/i18n/locales';
import { isLiveState, isManifestState } from '@/lib/departures/states';
import { SeatsBar } from './SeatsBar';
import styles from './Departures.module.css';

const MESSAGE_MAX = 4000;
const REASON_MAX = 1000;

/** /office/departures/{id}: a departure's guests as a plain table that prints on A4, with its actions. */
export function ManifestView({ id }: { id: string }) {
  const t = useTranslations('departures');
  const locale = useLocale() as AppLocale;
  const query = useQuery(manifestQuery(locale, id));
  if (query.isPending) return <p role="status">{t('loading')}</p>;
  if (query.isError)
    return apiProblem(query.error).status === 404 ? (
      <p className={styles.empty}>{t('manifest.notFound')}</p>
    ) : (
      <LoadFailed message={t('loadError')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />
    );
  const manifest = query.data;
  const a = manifest.attributes;
  const entries = manifest.relationships.bookings.data;
  const cancelled = a.cancelled_at !== null;
  const live = entries.filter((e) => isLiveState(e.status));
  return (
    <div className={styles.page}>
      <p className={styles.noPrint}>
        <AppLink href="/office/departures">← {t('manifest.back')}</AppLink>
      </p>
      <header>
        <h1 className={styles.title}>{a.idea_title}</h1>
        <p className={styles.when}>{formatDeparture(a.starts_at, locale, { withWeekday: true })}</p>
        {cancelled ? (
          <p className={styles.cancelled}>{t('manifest.cancelledNotice', { reason: a.cancel_reason ?? '' })}</p>
        ) : (
          <>
            <SeatsBar taken={a.seats_taken} total={a.seats_total} />
            <p className={styles.lead}>
              {t('manifest.summary', { taken: a.seats_taken, total: a.seats_total, count: a.bookings_count })}
            </p>
          </>
        )}
      </header>
      <div className={`${styles.actions} ${styles.noPrint}`}>
        <CsvButton id={id} />
        <button type="button" className={buttonClass('secondary')} onClick={() => window.print()}>
          {t('manifest.print')}
        </button>
        {!cancelled ? <CancelDeparture id={id} /> : null}
      </div>
      {entries.length === 0 ? (
        <p className={styles.empty}>{t('manifest.none')}</p>
      ) : (
        <ManifestTable entries={entries} />
      )}
      {!cancelled && live.length > 0 ? <WriteToAll id={id} /> : null}
    </div>
  );
}

function ManifestTable({ entries }: { entries: ManifestEntry[] }) {
  const t = useTranslations('departures');
  const hidden = (
    <span className={styles.hidden} title={t('manifest.hiddenLabel')}>
      {t('manifest.hidden')}
    </span>
  );
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>{t('manifest.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('manifest.name')}</th>
            <th scope="col">{t('manifest.guests')}</th>
            <th scope="col">{t('manifest.phone')}</th>
            <th scope="col">{t('manifest.email')}</th>
            <th scope="col">{t('manifest.state')}</th>
            <th scope="col" className={styles.noPrint}>
              {t('manifest.conversation')}
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => {
            const confirmed = entry.status === 'confirmed';
            return (
              <tr key={entry.booking_hid} data-status={entry.status}>
                <th scope="row" data-label={t('manifest.name')}>
                  {entry.name}
                </th>
                <td data-label={t('manifest.guests')}>
                  {t('manifest.guestsValue', { adults: entry.adults, children: entry.children })}
                </td>
                <td data-label={t('manifest.phone')}>
                  {entry.phone ? (
                    <a href={`tel:${entry.phone}`}>{formatPhone(entry.phone)}</a>
                  ) : confirmed ? (
                    ''
                  ) : (
                    hidden
                  )}
                </td>
                <td data-label={t('manifest.email')}>
                  {entry.email ? <a href={`mailto:${entry.email}`}>{entry.email}</a> : confirmed ? '' : hidden}
                </td>
                <td data-label={t('manifest.state')}>
                  <span className={styles.badge} data-status={entry.status}>
                    {isManifestState(entry.status) ? t(`states.${entry.status}`) : entry.status}
                  </span>
                  {entry.end_reason ? <span className={styles.reason}>{entry.end_reason}</span> : null}
                </td>
                <td data-label={t('manifest.conversation')} className={styles.noPrint}>
                  <AppLink
                    href={`/account/messages/${entry.conversation_hid}`}
                    aria-label={t('manifest.openConversationLabel', { name: entry.name })}
                  >
                    {t('manifest.openConversation')}
                  </AppLink>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function CsvButton({ id }: { id: string }) {
  const t = useTranslations('departures');
  const locale = useLocale() as AppLocale;
  const download = useMutation({
    mutationFn: async () => (await import('@/lib/api/departures')).downloadManifestCsv(locale, id),
    onError: () => notify('error', t('loadError')),
  });
  return (
    <button
      type="button"
      className={buttonClass('secondary')}
      onClick={() => download.mutate()}
      disabled={download.isPending}
      aria-busy={download.isPending}
    >
      {t('manifest.download')}
    </button>
  );
}

function WriteToAll({ id }: { id: string }) {
  const t = useTranslations('departures');
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const send = useMutation({
    mutationFn: async (message: string) => (await import('@/lib/api/departures')).messageGuests(id, message),
    onSuccess: ({ sent }) => {
      setText('');
      notify('success', t('writeAll.sent', { count: sent }));
    },
    onError: (failure) => notify('error', t('writeAll.failed'), { description: apiProblem(failure).detail }),
  });
  return (
    <section className={`${styles.writeAll} ${styles.noPrint}`} aria-labelledby="write-all-title">
      <h2 id="write-all-title" className={styles.sectionTitle}>
        {t('writeAll.title')}
      </h2>
      <form
        className={styles.form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const message = text.trim();
          if (!message) return setError(t('writeAll.empty'));
          setError(undefined);
          send.mutate(message);
        }}
      >
        <TextAreaField
          label={t('writeAll.label')}
          hint={t('writeAll.hint')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={error}
          rows={4}
          maxLength={MESSAGE_MAX}
          aria-required="true"
        />
        <button
          type="submit"
          className={buttonClass('primary', { block: true })}
          disabled={send.isPending}
          aria-busy={send.isPending}
        >
          {send.isPending ? t('writeAll.sending') : t('writeAll.send')}
        </button>
      </form>
    </section>
  );
}

function CancelDeparture({ id }: { id: string }) {
  const t = useTranslations('departures');
  const locale = useLocale() as AppLocale;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const cancel = useMutation({
    mutationFn: async (text: string) => (await import('@/lib/api/departures')).cancelDeparture(locale, id, text),
    onSuccess: (manifest: Manifest) => {
      queryClient.setQueryData(queryKeys.manifest(locale, id), manifest);
      void queryClient.invalidateQueries({ queryKey: [SIGNED_IN_SCOPE, 'office', 'departures'] });
      setOpen(false);
      notify('success', t('cancel.done'));
    },
    onError: (failure) => {
      setOpen(false);
      notify('error', t('cancel.failed'), { description: apiProblem(failure).detail });
    },
  });
  return (
    <>
      <button type="button" className={`${buttonClass('ghost')} ${styles.danger}`} onClick={() => setOpen(true)}>
        {t('cancel.action')}
      </button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t('cancel.title')}
        description={<p>{t('cancel.text')}</p>}
        confirmLabel={cancel.isPending ? t('cancel.cancelling') : t('cancel.confirm')}
        cancelLabel={t('cancel.keep')}
        busy={cancel.isPending}
        danger
        onConfirm={() => {
          const text = reason.trim();
          if (!text) return setError(t('cancel.reasonRequired'));
          setError(undefined);
          cancel.mutate(text);
        }}
      >
        <TextAreaField
          label={t('cancel.reasonLabel')}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={error}
          rows={3}
          maxLength={REASON_MAX}
          aria-required="true"
        />
      </ConfirmDialog>
    </>
  );
}
