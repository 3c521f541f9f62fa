'use client';

import { usePathname } from '@/lib/i18n/navigation';
import { CompactMainFilter } from '@/components/filters/CompactMainFilter';

/** The header's slot for the compact main filter, filled on the listing route only. */
export function HeaderFilterSlot() {
  const path = usePathname();
  return path === '/go' ? <CompactMainFilter /> : null;
}
