'use client';

import { useTranslations } from 'next-intl';
import { AppLink } from '@/components/ui/AppLink';
import { HomeIcon } from '@/components/ui/icons/HomeIcon';
import { LoginIcon } from '@/components/ui/icons/LoginIcon';
import { UserIcon } from '@/components/ui/icons/UserIcon';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { usePathname } from '@/lib/i18n/navigation';
import { isTabActive, tabItems, type TabKey } from '@/lib/navigation/tabs';
import { selectIsAuthenticated } from '@/lib/store/app-store';
import styles from './TabBar.module.css';

const icons: Record<TabKey, typeof HomeIcon> = { home: HomeIcon, account: UserIcon, login: LoginIcon };

/** Bottom tab navigation, mobile only (hidden from the breakpoint up). */
export function TabBar() {
  const t = useTranslations('nav');
  const path = usePathname();
  const isAuthenticated = useAppStore(selectIsAuthenticated);
  return (
    <>
      <div className={styles.spacer} data-only="mobile" aria-hidden="true" />
      <nav className={styles.tabBar} aria-label={t('tabBar')} data-only="mobile" data-testid="tab-bar">
        {tabItems(isAuthenticated).map((tab) => {
          const TabIcon = icons[tab.key];
          const active = isTabActive(tab, path);
          return (
            <AppLink key={tab.key} href={tab.href} className={styles.tab} aria-current={active ? 'page' : undefined}>
              <TabIcon width={22} height={22} />
              <span>{t(tab.key)}</span>
            </AppLink>
          );
        })}
      </nav>
    </>
  );
}
