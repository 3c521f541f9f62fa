'use client';

import { useEffect, type ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { loginHref } from '@/lib/auth/gate';
import { localizePath, type AppLocale } from '@/lib/i18n/locales';
import { selectIsAuthenticated, type SessionUser } from '@/lib/store/app-store';
import styles from './RequireSession.module.css';

/**
 * Account and office pages render for a signed-in user only. The proxy already sent visitors without
 * a session cookie to sign in; this waits for the stored session and handles one that has ended.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const t = useTranslations('nav');
  const locale = useLocale() as AppLocale;
  const router = useRouter();
  const checked = useAppStore((s) => s.sessionChecked);
  const authenticated = useAppStore(selectIsAuthenticated);

  useEffect(() => {
    if (checked && !authenticated)
      router.replace(localizePath(locale, loginHref(window.location.pathname + window.location.search)));
  }, [checked, authenticated, locale, router]);

  if (!authenticated) {
    return (
      <div className={styles.waiting} role="status" aria-live="polite">
        {t('checkingSession')}
      </div>
    );
  }
  return children;
}

/** The signed-in user inside RequireSession (which renders nothing else without one). */
export function useSignedInUser(): SessionUser {
  const user = useAppStore((s) => s.user);
  if (!user) throw new Error('useSignedInUser is used outside RequireSession');
  return user;
}
