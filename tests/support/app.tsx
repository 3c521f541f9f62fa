import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { AppStoreProvider } from '@/components/providers/AppStoreProvider';
import { adoptQueryClient } from '@/lib/api/query-client';
import type { AppStoreInit } from '@/lib/store/app-store';
import ru from '@/messages/ru.json';

/** A query client as the app's, but failing at once: a test must not wait out retries. */
export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 60_000, refetchOnWindowFocus: false } },
  });
}

/**
 * Renders a component inside the app's providers: Russian messages, a query client and a fresh app store. The
 * client is also the browser's one, which the parts without React Query in their first load use (useLiveQuery).
 */
export function renderInApp(
  ui: ReactNode,
  { store = {}, queryClient = testQueryClient() }: { store?: Partial<AppStoreInit>; queryClient?: QueryClient } = {},
) {
  adoptQueryClient(queryClient);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <NextIntlClientProvider locale="ru" messages={ru} timeZone="Asia/Vladivostok">
        <AppStoreProvider init={{ locale: 'ru', isMobile: false, ...store }}>{ui}</AppStoreProvider>
      </NextIntlClientProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
