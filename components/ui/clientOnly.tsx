'use client';

import { createElement, lazy, Suspense, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';

const subscribe = () => () => {};

/** False on the server and while the page hydrates, true from then on (and at once in a later client render). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * A component whose code loads in the browser after hydration, or when it first renders there; the server and
 * hydration render `fallback`. React's own lazy and Suspense: next/dynamic would add its loader (about 1.5 kB
 * gzipped) to every page's first load.
 */
export function clientOnly<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function ClientOnly(props: P) {
    const hydrated = useHydrated();
    if (!hydrated) return fallback;
    return <Suspense fallback={fallback}>{createElement(Lazy, props)}</Suspense>;
  }
  return ClientOnly;
}

/**
 * Starts `load` once the browser is idle after the page is up (after 2 s where it cannot tell): code a page
 * may need later, off its first load but at hand, offline too, when it is needed.
 */
export function loadWhenIdle(load: () => Promise<unknown>): void {
  if (typeof window === 'undefined') return;
  const whenIdle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 2000));
  whenIdle(() => void load().catch(() => {}));
}
