import { fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Link, usePathname, useRouter } from '@/lib/i18n/navigation';
import { LOCALE_COOKIE } from '@/lib/i18n/locales';
import { listingLocation, routerPush } from '../support/listing-navigation';

vi.mock('next/navigation', async () => (await import('../support/listing-navigation')).nextNavigationMock);

const inEnglish = ({ children }: { children: ReactNode }) => (
  <NextIntlClientProvider locale="en" messages={{}}>
    {children}
  </NextIntlClientProvider>
);

afterEach(() => {
  document.cookie = `${LOCALE_COOKIE}=; max-age=0; path=/`;
  listingLocation.pathname = '/go';
  routerPush.mockClear();
});

describe('links and the router in the current language', () => {
  it('prefixes internal paths with the page’s language and leaves other URLs alone', () => {
    render(
      <>
        <Link href="/go?category_id=2">listing</Link>
        <Link href={{ pathname: '/login/email', query: { next: '/account' } }}>sign in</Link>
        <Link href="/">home</Link>
        <Link href="https://t.me/sopka_travel">messenger</Link>
      </>,
      { wrapper: inEnglish },
    );
    expect(screen.getByRole('link', { name: 'listing' })).toHaveAttribute('href', '/en/go?category_id=2');
    expect(screen.getByRole('link', { name: 'sign in' })).toHaveAttribute('href', '/en/login/email?next=%2Faccount');
    expect(screen.getByRole('link', { name: 'home' })).toHaveAttribute('href', '/en');
    expect(screen.getByRole('link', { name: 'messenger' })).toHaveAttribute('href', 'https://t.me/sopka_travel');
  });

  it('navigates inside the app on a plain click, and leaves new tabs, downloads and other sites to the browser', () => {
    render(
      <>
        <Link href="/go?category_id=2">listing</Link>
        <Link href="/go" scroll={false}>
          map view
        </Link>
        <Link href="/go" target="_blank">
          new tab
        </Link>
        <Link href="https://t.me/sopka_travel">messenger</Link>
      </>,
      { wrapper: inEnglish },
    );
    const listing = screen.getByRole('link', { name: 'listing' });
    expect(fireEvent.click(listing)).toBe(false);
    expect(routerPush).toHaveBeenLastCalledWith('/en/go?category_id=2', { scroll: true });
    fireEvent.click(screen.getByRole('link', { name: 'map view' }));
    expect(routerPush).toHaveBeenLastCalledWith('/en/go', { scroll: false });
    routerPush.mockClear();
    // fireEvent.click answers whether the browser's own handling (opening the link) was left to happen.
    expect(fireEvent.click(listing, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(listing, { button: 1 })).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'new tab' }))).toBe(true);
    expect(fireEvent.click(screen.getByRole('link', { name: 'messenger' }))).toBe(true);
    expect(routerPush).not.toHaveBeenCalled();
  });

  it('switches to Russian through /ru and remembers the choice when clicked', () => {
    render(
      <Link href="/go" locale="ru" onClick={(event) => event.preventDefault()}>
        Русский
      </Link>,
      { wrapper: inEnglish },
    );
    const link = screen.getByRole('link', { name: 'Русский' });
    expect(link).toHaveAttribute('href', '/ru/go');
    expect(link).toHaveAttribute('hreflang', 'ru');
    expect(document.cookie).not.toContain(`${LOCALE_COOKIE}=`);
    fireEvent.click(link);
    expect(document.cookie).toContain(`${LOCALE_COOKIE}=ru`);
  });

  it('keeps the cookie as it is for a link to the page’s own language', () => {
    render(
      <Link href="/go" locale="en" onClick={(event) => event.preventDefault()}>
        English
      </Link>,
      { wrapper: inEnglish },
    );
    fireEvent.click(screen.getByRole('link', { name: 'English' }));
    expect(screen.getByRole('link', { name: 'English' })).toHaveAttribute('href', '/en/go');
    expect(document.cookie).not.toContain(`${LOCALE_COOKIE}=`);
  });

  it('reads the path without the language prefix and pushes paths in the page’s language', () => {
    listingLocation.pathname = '/en/account/booking';
    const { result } = renderHook(() => ({ path: usePathname(), router: useRouter() }), { wrapper: inEnglish });
    expect(result.current.path).toBe('/account/booking');
    result.current.router.push('/go/AbCdEf', { scroll: false });
    expect(routerPush).toHaveBeenCalledWith('/en/go/AbCdEf', { scroll: false });
  });
});
