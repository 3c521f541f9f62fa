'use client';

import { useRouter } from 'next/navigation';
import { useEffect } from 'react';
import { useAppStore, useSessionActions } from '@/components/providers/AppStoreProvider';
import { selectIsAuthenticated } from '@/lib/store/app-store';

/**
 * After a token arrives: sign in through `/auth/me`, then go to `next` (a path with its locale prefix).
 * A visitor who is already signed in is sent there at once.
 */
export function useCompleteSignIn(next: string) {
  const { signInWithToken } = useSessionActions();
  const router = useRouter();
  const isAuthenticated = useAppStore(selectIsAuthenticated);

  useEffect(() => {
    if (isAuthenticated) router.replace(next);
  }, [isAuthenticated, next, router]);

  // Signing in updates the store, and the effect above takes the visitor on.
  return signInWithToken;
}
