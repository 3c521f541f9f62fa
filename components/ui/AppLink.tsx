'use client';

import { useSyncExternalStore, type ComponentProps } from 'react';
import { Link } from '@/lib/i18n/navigation';
import { prefetchAllowed, type ConnectionHints } from '@/lib/prefetch';

type NavigatorWithConnection = Navigator & { connection?: ConnectionHints & EventTarget };

function subscribe(onChange: () => void) {
  const connection = (navigator as NavigatorWithConnection).connection;
  connection?.addEventListener?.('change', onChange);
  return () => connection?.removeEventListener?.('change', onChange);
}

const canPrefetchNow = () => prefetchAllowed((navigator as NavigatorWithConnection).connection);

/** The locale-aware link; it skips page prefetch on 2g or Save-Data connections (SPEC section 9). */
export function AppLink({ prefetch, ...props }: ComponentProps<typeof Link>) {
  const allowed = useSyncExternalStore(subscribe, canPrefetchNow, () => true);
  return <Link prefetch={allowed ? prefetch : false} {...props} />;
}
