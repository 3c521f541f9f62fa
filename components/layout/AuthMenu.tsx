'use client';

import { clientOnly } from '@/components/ui/clientOnly';
import { useTranslations } from 'next-intl';
import { AppLink } from '@/components/ui/AppLink';
import { UserIcon } from '@/components/ui/icons/UserIcon';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { selectIsAuthenticated } from '@/lib/store/app-store';
import styles from './AuthMenu.module.css';

// The dropdown (and its popover code) loads only for signed-in visitors.
const UserMenu = clientOnly(() => import('./UserMenu').then((m) => m.UserMenu));
// Live events (a stream to the server) only for signed-in visitors, loaded once they are.
const LiveEvents = clientOnly(() => import('@/components/events/LiveEvents').then((m) => m.LiveEvents));

/** The header's right side: the user menu (and the live events) when signed in, a sign-in link otherwise. */
export function AuthMenu() {
  const t = useTranslations('auth');
  const isAuthenticated = useAppStore(selectIsAuthenticated);
  if (isAuthenticated)
    return (
      <>
        <UserMenu />
        <LiveEvents />
      </>
    );
  return (
    <AppLink href="/login" className={styles.signIn}>
      <UserIcon width={20} height={20} />
      <span className={styles.signInText}>{t('signIn')}</span>
    </AppLink>
  );
}
