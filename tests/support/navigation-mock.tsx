import type { ComponentProps } from 'react';
import { vi } from 'vitest';

/** Stand-ins for Next's router-bound pieces, which need a mounted App Router. */
export const navigationState = { pathname: '/' };

export const navigationMock = {
  usePathname: () => navigationState.pathname,
  useRouter: () => ({ push: vi.fn(), back: vi.fn(), replace: vi.fn(), prefetch: vi.fn() }),
  Link: ({
    href,
    prefetch: _prefetch,
    locale: _locale,
    scroll: _scroll,
    ...props
  }: ComponentProps<'a'> & { href: string; prefetch?: boolean; locale?: string; scroll?: boolean }) => (
    <a href={typeof href === 'string' ? href : '#'} {...props} />
  ),
};
