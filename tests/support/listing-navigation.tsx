import { vi } from 'vitest';
import { navigationMock } from './navigation-mock';

/**
 * The router as the listing filters see it: the current path and query, and one `push` spy shared by
 * every render, so a test can read where a click navigated.
 */
export const listingLocation = { pathname: '/go', search: '' };
export const routerPush = vi.fn();
export const routerPrefetch = vi.fn();

export const listingNavigationMock = {
  ...navigationMock,
  usePathname: () => listingLocation.pathname,
  useRouter: () => ({ push: routerPush, back: vi.fn(), replace: vi.fn(), prefetch: routerPrefetch }),
};

export const nextNavigationMock = {
  useSearchParams: () => new URLSearchParams(listingLocation.search),
  usePathname: () => listingLocation.pathname,
  useRouter: () => ({ push: routerPush, back: vi.fn(), replace: vi.fn(), prefetch: routerPrefetch }),
};

/** The href of the last navigation, split into path and query for readable assertions. */
export function lastNavigation() {
  const href = routerPush.mock.lastCall?.[0] as string | undefined;
  if (href === undefined) return undefined;
  const [path, search = ''] = href.split('?');
  return { path, query: Object.fromEntries(new URLSearchParams(search)) };
}
