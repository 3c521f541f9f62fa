'use client';

import { useRef, type ComponentProps } from 'react';
import { hrefString, isInternal } from '@/lib/i18n/href';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { prefetchAllowedNow } from '@/lib/browser/connection';

/**
 * The locale-aware link. Its page is prefetched once the visitor shows intent (pointer over it, a touch, keyboard
 * focus), not when it scrolls into view: a page has dozens of links, and prefetching each on load rendered every
 * category listing on the server and parsed it on the phone's main thread while the page itself was loading
 * (Next's "hover-triggered prefetch"). Never on 2g or Save-Data connections (SPEC section 9), never for another
 * language (it would render that page for nothing on most visits), and not with `prefetch={false}`.
 */
export function AppLink({
  prefetch = true,
  onPointerEnter,
  onFocus,
  onTouchStart,
  ...props
}: ComponentProps<typeof Link> & { prefetch?: boolean }) {
  const router = useRouter();
  const prefetched = useRef(false);
  const showIntent = () => {
    if (prefetched.current || !prefetch || props.locale !== undefined || !prefetchAllowedNow()) return;
    prefetched.current = true;
    const path = hrefString(props.href);
    if (isInternal(path)) router.prefetch(path);
  };
  return (
    <Link
      onPointerEnter={(event) => {
        showIntent();
        onPointerEnter?.(event);
      }}
      onTouchStart={(event) => {
        showIntent();
        onTouchStart?.(event);
      }}
      onFocus={(event) => {
        showIntent();
        onFocus?.(event);
      }}
      {...props}
    />
  );
}
