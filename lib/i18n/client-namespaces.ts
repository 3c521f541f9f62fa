/** Message namespaces that client components read; everything else is used on the server only. */
export const CLIENT_NAMESPACES = ['brand', 'nav', 'auth', 'locale', 'filters', 'cookie', 'errors', 'ideas', 'idea', 'home', 'forms', 'authForms', 'places', 'moderation', 'account', 'bookings', 'office'] as const;
