'use client';

import { useEffect } from 'react';
import { loadedQueryClient } from '@/lib/api/query-client-slot';
import { SIGNED_IN_SCOPE } from '@/lib/contract/query-keys';
import { useAppStore } from './AppStoreProvider';

/** Drops every answer that belonged to the previous user when someone signs out or another user signs in. */
export function SignedInDataGuard() {
  const userHid = useAppStore((s) => s.user?.hid ?? null);
  // Nothing to drop while React Query has not loaded: no answer was fetched.
  useEffect(() => () => loadedQueryClient()?.removeQueries({ queryKey: [SIGNED_IN_SCOPE] }), [userHid]);
  return null;
}
