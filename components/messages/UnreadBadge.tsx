'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveEvent } from '@/components/events/useLiveEvent';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { conversationsQuery } from '@/lib/api/signed-in-queries';
import { queryKeys } from '@/lib/contract/query-keys';
import type { AppLocale } from '@/lib/i18n/locales';
import styles from './UnreadBadge.module.css';

/** The account menu's count of unread messages, kept fresh by live events. */
export function UnreadBadge() {
  const t = useTranslations('conversations');
  const locale = useLocale() as AppLocale;
  const client = useQueryClient();
  const signedIn = useAppStore((s) => s.user !== null && s.token !== null);
  const { data } = useQuery({ ...conversationsQuery(locale), enabled: signedIn });
  const refresh = () => void client.invalidateQueries({ queryKey: queryKeys.conversations(locale) });
  useLiveEvent('message', refresh);
  useLiveEvent('read', refresh);
  const count = data?.meta.unread_total ?? 0;
  if (count === 0) return null;
  return (
    <span className={styles.badge}>
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{t('unread', { count })}</span>
    </span>
  );
}
