'use client';

import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'next/navigation';
import { navigationStarted } from '@/components/providers/progress';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { filtersToSearch, listingHref, type Filters } from '@/lib/listing/filters';
import { parseFilters, shouldNavigate } from '@/lib/listing/parse-filters';

/**
 * `apply` for a listing's filters: navigates to /go with the given filters (SPEC section 4: only when the
 * route or its query changes), with the progress bar while the new listing loads.
 */
export function useApplyFilters(filters: Filters) {
  const pathname = usePathname();
  const router = useRouter();
  const apply = useCallback(
    (next: Filters) => {
      const href = listingHref(next);
      const [path, search = ''] = href.split('?');
      if (!shouldNavigate({ path: pathname, search: filtersToSearch(filters) }, { path, search })) return;
      navigationStarted();
      router.push(href, { scroll: false });
    },
    [filters, pathname, router],
  );
  return { apply };
}

/**
 * The listing's filters read from the URL, with `apply`: for what sits outside the listing page (the
 * header's filter, the place search). The listing page hands its own filters down instead, so that it can
 * be rendered once and cached: reading the URL would leave its filter bar out of the cached HTML.
 */
export function useListingFilters() {
  const searchParams = useSearchParams();
  const filters = useMemo(() => parseFilters(new URLSearchParams(searchParams.toString())), [searchParams]);
  return { filters, ...useApplyFilters(filters) };
}
