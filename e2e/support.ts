import type { Page } from '@playwright/test';

export const LOCALES = [
  { prefix: '', lang: 'ru' },
  { prefix: '/en', lang: 'en' },
  { prefix: '/cn', lang: 'zh-CN' },
] as const;

/** Every public route of SPEC section 2 (unprefixed form). */
export const PUBLIC_ROUTES = [
  '/',
  '/go',
  '/go/1',
  '/login',
  '/login/email',
  '/login/phone',
  '/register',
  '/a/place-search',
  '/info/confidential-policy',
  '/info/infoAbout',
  '/pages/ecoTravel',
] as const;

export const GATED_ROUTES = ['/account', '/account/main', '/account/password', '/account/booking', '/office'] as const;

export const ERROR_ROUTES = [
  ['/error/e403', 403],
  ['/error/e404', 404],
  ['/error/e503', 503],
] as const;

export const localized = (prefix: string, path: string) => (prefix && path === '/' ? prefix : `${prefix}${path}`);

/** Marks the cookie notice as accepted before any page script runs, so it stays out of the way. */
export async function acceptCookiesUpFront(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('cookieAccepted', 'true'));
}

/** Resolves once React has hydrated the page (hydrated elements carry React's fiber keys). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const element = document.querySelector('main') ?? document.querySelector('header');
    return element !== null && Object.keys(element).some((key) => key.startsWith('__reactFiber'));
  });
}
