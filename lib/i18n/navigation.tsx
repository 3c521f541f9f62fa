'use client';

import { useMemo, type ComponentProps } from 'react';
import NextLink from 'next/link';
import { usePathname as useNextPathname, useRouter as useNextRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import { localeCookie, localizePath, splitLocalePath, type AppLocale } from './locales';

// Client components' navigation in the current language, as next-intl's createNavigation gave it for this routing
// (lib/i18n/routing.ts: a prefix for every language but Russian). These few lines replace its 1.5 kB (gzipped) in
// every page's first load: the routing needs none of its localized pathnames or domains.

/** An internal path gets the locale's prefix; URLs with a scheme, and relative ones, stay as they are. */
const localizeHref = (locale: AppLocale, href: string, forcePrefix = false) =>
  href.startsWith('/') && !href.startsWith('//') ? localizePath(locale, href, { forcePrefix }) : href;

type LinkProps = ComponentProps<typeof NextLink> & {
  /** Another language for the same page: the link carries its prefix (Russian's too) and stores the choice. */
  locale?: AppLocale;
};

/** next/link in the current language, or in `locale`. */
export function Link({ href, locale, onClick, ...props }: LinkProps) {
  const current = useLocale() as AppLocale;
  const target = locale ?? current;
  const forcePrefix = locale !== undefined;
  const localized =
    typeof href === 'string'
      ? localizeHref(target, href, forcePrefix)
      : { ...href, pathname: href.pathname && localizeHref(target, href.pathname, forcePrefix) };
  if (locale === undefined || locale === current) return <NextLink href={localized} onClick={onClick} {...props} />;
  // The router may answer from its cache without asking the server, which would set the cookie: set it here.
  // Prefetching the other language would render it for nothing on most visits.
  return (
    <NextLink
      href={localized}
      hrefLang={locale}
      {...props}
      prefetch={false}
      onClick={(event) => {
        document.cookie = localeCookie(locale);
        onClick?.(event);
      }}
    />
  );
}

/** The path without its language prefix ('/en/go' → '/go'). */
export function usePathname(): string {
  return splitLocalePath(useNextPathname()).path;
}

/** Next's router, with `push`, `replace` and `prefetch` taking paths without the language prefix. */
export function useRouter() {
  const router = useNextRouter();
  const locale = useLocale() as AppLocale;
  return useMemo(
    () => ({
      ...router,
      push: (href: string, options?: Parameters<typeof router.push>[1]) =>
        router.push(localizeHref(locale, href), options),
      replace: (href: string, options?: Parameters<typeof router.replace>[1]) =>
        router.replace(localizeHref(locale, href), options),
      prefetch: (href: string, options?: Parameters<typeof router.prefetch>[1]) =>
        router.prefetch(localizeHref(locale, href), options),
    }),
    [router, locale],
  );
}
