import { localizePath, splitLocalePath } from '@/lib/i18n/locales';

const PROTECTED_SECTIONS = ['/account', '/office'];

function isProtected(path: string): boolean {
  return PROTECTED_SECTIONS.some((section) => path === section || path.startsWith(`${section}/`));
}

/**
 * Where the login gate sends a request, or null when it may pass.
 * Account and office pages need a session; without one the visitor goes to the locale's login with `?next=`.
 */
export function loginGateRedirect(pathname: string, search: string, hasSession: boolean): string | null {
  if (hasSession) return null;
  const { locale, path } = splitLocalePath(pathname);
  if (!isProtected(path)) return null;
  return localizePath(locale, loginHref(localizePath(locale, path) + search));
}

/** The sign-in page (without locale prefix) that returns to `next`, a path with its locale prefix, afterwards. */
export function loginHref(next: string): string {
  return `/login?${new URLSearchParams({ next })}`;
}

/** A `next` value is followed only when it is a path on this site (never `//host` or an absolute URL). */
export function safeNextPath(value: string | null | undefined, fallback = '/'): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}
