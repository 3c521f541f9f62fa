'use client';

import { useTranslations } from 'next-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/browser/notify';
import { notificationSettingsQuery } from '@/lib/api/signed-in-queries';
import type { NotificationSettings } from '@/lib/contract/notification-settings';
import { queryKeys } from '@/lib/contract/query-keys';
import { useSignedInUser } from './RequireSession';
import styles from './AccountPage.module.css';

const SWITCHES = ['messages', 'bookings', 'reminders', 'marketing'] as const;

/** /account/main: which emails the user gets; each switch saves at once. */
export function NotificationSettingsForm() {
  const t = useTranslations('account.notifications');
  const user = useSignedInUser();
  const client = useQueryClient();
  const query = useQuery(notificationSettingsQuery(user.hid));
  const save = useMutation({
    mutationFn: async (patch: Partial<NotificationSettings>) =>
      (await import('@/lib/api/conversations')).updateNotificationSettings(user.hid, patch),
    onSuccess: (settings) => {
      client.setQueryData(queryKeys.notificationSettings(user.hid), settings);
      notify('success', t('saved'));
    },
    onError: () => notify('error', t('failed')),
  });
  return (
    <section className={styles.phoneSection} aria-labelledby="notification-settings">
      <h2 id="notification-settings">{t('title')}</h2>
      {query.data ? (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>{t('lead')}</legend>
          {SWITCHES.map((key) => (
            <label key={key} className={styles.switch}>
              <input
                type="checkbox"
                checked={query.data[key]}
                disabled={save.isPending}
                onChange={(e) => save.mutate({ [key]: e.target.checked })}
              />
              <span>{t(key)}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p role="status">{t('loading')}</p>
      )}
    </section>
  );
}
