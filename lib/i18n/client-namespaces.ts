/** Message namespaces that client components on every page read; everything else is used on the server only. */
export const CLIENT_NAMESPACES = ['brand', 'nav', 'auth', 'locale', 'filters', 'cookie', 'errors', 'ideas', 'idea', 'home', 'forms', 'bookings'] as const;

/** Namespaces that only some areas' client components read: sent with those pages, not with every page. */
export const AREA_NAMESPACES = {
  signIn: ['authForms'],
  signedIn: ['account', 'authForms', 'office', 'moderation', 'places'],
  placeSearch: ['places'],
} as const;

/** The messages a client provider hands down: the shared namespaces plus an area's own. */
export function pickClientMessages(messages: Record<string, unknown>, extra: readonly string[] = []): Record<string, unknown> {
  return Object.fromEntries([...CLIENT_NAMESPACES, ...extra].map((ns) => [ns, messages[ns]]));
}
