'use client';

import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { getQueryClient } from '@/lib/api/query-client';

/**
 * React Query for the parts of the site that use its hooks as they render (place search, the account and the
 * office): they ship it in their first load. Home, the listing, the idea page and the shell do not
 * (lib/api/query-client-slot, components/providers/useLiveQuery).
 */
export function QueryArea({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={getQueryClient()}>{children}</QueryClientProvider>;
}
