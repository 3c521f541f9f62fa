'use client';

import { useCallback } from 'react';
import { useRouter } from '@/lib/i18n/navigation';
import { backAction } from '@/lib/navigation/back';
import { useAppStore } from '@/components/providers/AppStoreProvider';

/** Back to the previous page, or to the index when this page was opened directly. */
export function useGoBack() {
  const router = useRouter();
  const prevRoute = useAppStore((s) => s.prevRoute);
  return useCallback(() => {
    if (backAction(prevRoute, window.history.length) === 'history') router.back();
    else router.push('/');
  }, [prevRoute, router]);
}
