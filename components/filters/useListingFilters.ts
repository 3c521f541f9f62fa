'use client';

import { useCallback, useMemo, useTransition } from 'react';
import { useSearchParams } from 'next/navigation';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { listingHref, type Filters } from '@/lib/listing/filters';
import { parseFilters, shouldNavigate } from '@/lib/listing/parse-filters';

/**
 * The listing's filters, read from the URL, and `apply`, which navigates to /go with the given filters
 * (SPEC section 4: only when the route or its query changes). `pending` is true while the new listing loads.
 */
export function useListingFilters() {
  const searchParams = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const filters = useMemo(() => parseFilters(new URLSearchParams(searchParams.toString())), [searchParams]);

  const apply = useCallback(
    (next: Filters) => {
      const href = listingHref(next);
      const [path, search = ''] = href.split('?');
      if (!shouldNavigate({ path: pathname, search: searchParams.toString() }, { path, search })) return;
      startTransition(() => router.push(href, { scroll: false }));
    },
    [pathname, router, searchParams],
  );

  return { filters, apply, pending };
}
