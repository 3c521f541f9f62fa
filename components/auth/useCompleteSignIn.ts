'use client';

import { useRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import { useEffect } from 'react';
import { useAppStore, useSessionActions } from '@/components/providers/AppStoreProvider';
import { safeNextPath } from '@/lib/auth/gate';
import { localizePath, type AppLocale } from '@/lib/i18n/locales';
import { selectIsAuthenticated } from '@/lib/store/app-store';

/**
 * After a token arrives: sign in through `/auth/me`, then go to `next` (a path with its locale prefix).
 * A visitor who is already signed in is sent there at once. `next` is checked here too, where the browser
 * navigates, so that no caller can hand this a path that leaves the site.
 */
export function useCompleteSignIn(next: string) {
  const { signInWithToken } = useSessionActions();
  const router = useRouter();
  const locale = useLocale() as AppLocale;
  const isAuthenticated = useAppStore(selectIsAuthenticated);
  const target = safeNextPath(next, localizePath(locale, '/account'));

  useEffect(() => {
    if (isAuthenticated) router.replace(target);
  }, [isAuthenticated, target, router]);

  // Signing in updates the store, and the effect above takes the visitor on.
  return signInWithToken;
}
