'use client';

import { useMemo, type ComponentProps, type MouseEvent } from 'react';
import { usePathname as useNextPathname, useRouter as useNextRouter } from 'next/navigation';
import { useLocale } from 'next-intl';
import { hrefString, isInternal, type Href } from './href';
import { localeCookie, localizePath, splitLocalePath, type AppLocale } from './locales';

// Client components' navigation in the current language, as next-intl's createNavigation gave it for this routing
// (lib/i18n/routing.ts: a prefix for every language but Russian). These few lines replace its 1.5 kB (gzipped) in
// every page's first load: the routing needs none of its localized pathnames or domains.

/** An internal path gets the locale's prefix; URLs with a scheme, and relative ones, stay as they are. */
const localizeHref = (locale: AppLocale, href: string, forcePrefix = false) =>
  isInternal(href) ? localizePath(locale, href, { forcePrefix }) : href;

/** What the browser must do itself: open in another tab or window, download, or leave the site. */
function browserHandles(event: MouseEvent<HTMLAnchorElement>, href: string) {
  const anchor = event.currentTarget;
  const target = anchor.getAttribute('target');
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    (target !== null && target !== '_self') ||
    anchor.hasAttribute('download') ||
    !isInternal(href)
  );
}

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & {
  href: Href;
  /** Another language for the same page: the link carries its prefix (Russian's too) and stores the choice. */
  locale?: AppLocale;
  /** false: the page keeps its scroll position after the navigation (a view switch). */
  scroll?: boolean;
};

/**
 * A link in the current language, or in `locale`, that navigates inside the app (Next's router) on a plain click.
 * An anchor with a click handler rather than next/link: the router is in every page anyway, and next/link's own
 * code (prefetch on viewport, link status, URL objects) was about 4 kB (gzipped) of every first load, while this
 * app prefetches on intent only (components/ui/AppLink.tsx).
 */
export function Link({ href, locale, onClick, scroll, ...props }: LinkProps) {
  const current = useLocale() as AppLocale;
  const router = useNextRouter();
  const target = locale ?? current;
  const localized = localizeHref(target, hrefString(href), locale !== undefined);
  const otherLanguage = locale !== undefined && locale !== current;
  return (
    <a
      href={localized}
      hrefLang={otherLanguage ? locale : undefined}
      {...props}
      onClick={(event) => {
        onClick?.(event);
        // The router may answer from its cache without asking the server, which would set the cookie: set it here.
        if (otherLanguage) document.cookie = localeCookie(locale);
        if (browserHandles(event, localized)) return;
        event.preventDefault();
        router.push(localized, { scroll: scroll !== false });
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
