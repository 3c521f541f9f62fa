'use client';

import { createElement, lazy, Suspense, type ComponentProps, type ComponentType } from 'react';
import { loadWhenIdle } from '@/components/ui/clientOnly';
import type { RouteError } from './RouteError';

type Props = ComponentProps<typeof RouteError>;

let loaded: ComponentType<Props> | null = null;
const load = () =>
  import('./RouteError').then((m) => {
    loaded = m.RouteError;
    return { default: m.RouteError };
  });
const Deferred = lazy(load);

// The boundary's screen (its shell, logo and buttons, about 1.4 kB gzipped) is not in any page's first load: it
// comes once the browser is idle after the page is up, so that an error later shows at once, offline too.
loadWhenIdle(load);

/**
 * The route error boundary of every route group (`error.tsx`): components/errors/RouteError.tsx, whose code was
 * fetched when the page went idle; an error before that waits for it (and, when even that fails, the global
 * error page shows).
 */
export function LazyRouteError(props: Props) {
  if (loaded) return createElement(loaded, props);
  return (
    <Suspense fallback={null}>
      <Deferred {...props} />
    </Suspense>
  );
}
