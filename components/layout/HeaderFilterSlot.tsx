'use client';

import { lazy, Suspense } from 'react';
import { usePathname } from '@/lib/i18n/navigation';

// The filter (dialogs, calendar labels, URL parsing) ships only with the listing, not with every page.
const HeaderMainFilter = lazy(() =>
  import('@/components/filters/MainFilter').then((m) => ({ default: m.HeaderMainFilter })),
);

/** The header's slot for the compact main filter: on the listing route, on phones (the page has the full one). */
export function HeaderFilterSlot() {
  const path = usePathname();
  if (path !== '/go') return null;
  return (
    <div data-only="mobile" data-header-filter>
      <Suspense fallback={null}>
        <HeaderMainFilter />
      </Suspense>
    </div>
  );
}
