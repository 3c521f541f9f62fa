'use client';

import { useSyncExternalStore, type ComponentProps } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { browserConnection, prefetchAllowedNow } from '@/lib/browser/connection';

function subscribe(onChange: () => void) {
  const connection = browserConnection();
  connection?.addEventListener?.('change', onChange);
  return () => connection?.removeEventListener?.('change', onChange);
}

/** The locale-aware link; it skips page prefetch on 2g or Save-Data connections (SPEC section 9). */
export function AppLink({ prefetch, ...props }: ComponentProps<typeof Link>) {
  const allowed = useSyncExternalStore(subscribe, prefetchAllowedNow, () => true);
  return <Link prefetch={allowed ? prefetch : false} {...props} />;
}
