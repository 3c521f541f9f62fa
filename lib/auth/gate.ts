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

// Any fixed origin will do: `next` is resolved against it only to see whether it stays on it.
const RESOLVING_ORIGIN = 'http://sopka.invalid';
const CONTROL_CHARACTER = /[\u0000-\u001F\u007F-\u009F]/;

/**
 * The path `next` leads to when it stays on this site, else `fallback`. It is resolved the way a browser
 * would (WHATWG URL), so `/\t/host`, `/\\host`, `https:host` and the like count as the other origin they
 * open; a result that a browser would read as protocol-relative (`/a/..//host` resolves to `//host`) is refused too.
 */
export function safeNextPath(value: string | null | undefined, fallback: string): string {
  if (!value || !value.startsWith('/') || CONTROL_CHARACTER.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, RESOLVING_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== RESOLVING_ORIGIN || url.pathname.startsWith('//')) return fallback;
  return url.pathname + url.search + url.hash;
}
