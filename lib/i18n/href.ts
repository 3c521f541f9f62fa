// Links' targets, shared by the locale-aware link and its intent prefetch (lib/i18n/navigation.tsx).

/** A path of this site (not another site's URL, nor a protocol-relative one). */
export const isInternal = (href: string) => href.startsWith('/') && !href.startsWith('//');

/** A path, or a path with its query as an object (`{ pathname: '/login', query: { next } }`). */
export type Href = string | { pathname: string; query?: Record<string, string | undefined> };

export const hrefString = (href: Href) => {
  if (typeof href === 'string') return href;
  const query = new URLSearchParams(
    Object.entries(href.query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return query ? `${href.pathname}?${query}` : href.pathname;
};
