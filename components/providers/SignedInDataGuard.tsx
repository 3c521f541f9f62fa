'use client';

import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SIGNED_IN_SCOPE } from '@/lib/contract/query-keys';
import { useAppStore } from './AppStoreProvider';

/** Drops every answer that belonged to the previous user when someone signs out or another user signs in. */
export function SignedInDataGuard() {
  const queryClient = useQueryClient();
  const userHid = useAppStore((s) => s.user?.hid ?? null);
  useEffect(() => () => queryClient.removeQueries({ queryKey: [SIGNED_IN_SCOPE] }), [queryClient, userHid]);
  return null;
}
