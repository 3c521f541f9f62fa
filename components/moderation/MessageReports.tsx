'use client';

import { useTranslations } from 'next-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/browser/notify';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { buttonClass } from '@/components/ui/button';
import { messageReportsQuery } from '@/lib/api/signed-in-queries';
import { queryKeys } from '@/lib/contract/query-keys';
import { selectIsModerator } from '@/lib/store/app-store';
import styles from './MessageReports.module.css';

/** /office/moderation: reported messages as written, with "hide message" and "block from messaging". */
export function MessageReports() {
  const isModerator = useAppStore(selectIsModerator);
  if (!isModerator) return null;
  return <ReportList />;
}

function ReportList() {
  const t = useTranslations('moderation.messages');
  const client = useQueryClient();
  const query = useQuery(messageReportsQuery());
  const act = useMutation({
    mutationFn: async ({ hid, action }: { hid: string; action: 'hide' | 'block-sender' }) =>
      (await import('@/lib/api/conversations')).moderateMessage(hid, action),
    onSuccess: () => {
      notify('success', t('done'));
      void client.invalidateQueries({ queryKey: queryKeys.messageReports() });
    },
    onError: () => notify('error', t('failed')),
  });
  const reports = query.data ?? [];
  return (
    <section aria-labelledby="message-reports" className={styles.section}>
      <h2 id="message-reports">{t('title')}</h2>
      {query.isSuccess && reports.length === 0 ? <p>{t('empty')}</p> : null}
      <ul className={styles.list}>
        {reports.map((r) => (
          <li key={r.id} className={styles.report}>
            <p className={styles.text}>{r.attributes.message_text}</p>
            <p className={styles.meta}>
              {t('from')}: {r.attributes.sender_name}
              {r.attributes.reason ? ` · ${t('reason')}: ${r.attributes.reason}` : ''}
            </p>
            <div className={styles.actions}>
              <button
                type="button"
                className={buttonClass('secondary')}
                disabled={act.isPending || r.attributes.message_hidden}
                onClick={() => act.mutate({ hid: r.attributes.message_hid, action: 'hide' })}
              >
                {r.attributes.message_hidden ? t('hiddenAlready') : t('hide')}
              </button>
              <button
                type="button"
                className={buttonClass('secondary')}
                disabled={act.isPending || r.attributes.sender_messaging_blocked}
                onClick={() => act.mutate({ hid: r.attributes.message_hid, action: 'block-sender' })}
              >
                {r.attributes.sender_messaging_blocked ? t('blocked') : t('block')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
