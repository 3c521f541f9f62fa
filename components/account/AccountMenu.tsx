'use client';

import { useTranslations } from 'next-intl';
import { AppLink } from '@/components/ui/AppLink';
import { usePathname } from '@/lib/i18n/navigation';
import { accountMenuEntry, accountMenuFor } from '@/lib/navigation/account-menu';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { selectIsModerator } from '@/lib/store/app-store';
import { UnreadBadge } from '@/components/messages/UnreadBadge';
import styles from './AccountMenu.module.css';

export function AccountMenu() {
  const t = useTranslations('nav');
  const current = accountMenuEntry(usePathname());
  const isModerator = useAppStore(selectIsModerator);
  return (
    <nav className={styles.menu} aria-label={t('accountMenu')}>
      <ul>
        {accountMenuFor(isModerator).map((entry) => (
          <li key={entry.key}>
            <AppLink
              href={entry.href}
              className={styles.item}
              aria-current={entry.key === current?.key ? 'page' : undefined}
            >
              {t(entry.key)}
              {entry.key === 'accountMessages' ? <UnreadBadge /> : null}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
