import 'server-only';
import { safeNextPath } from '@/lib/auth/gate';
import { localizePath, type AppLocale } from '@/lib/i18n/locales';
import { enterLocale } from './locale';

/** Where a sign-in screen returns to: its `?next=` when it is a path on this site, else the locale's account page. */
export async function nextPathOf(
  searchParams: Promise<{ next?: string | string[] }>,
  locale: AppLocale,
): Promise<string> {
  const { next } = await searchParams;
  return safeNextPath(typeof next === 'string' ? next : null, localizePath(locale, '/account'));
}

export type SignInPageProps = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ next?: string | string[] }>;
};

/** A sign-in screen's first step: its locale entered (404 for an unknown one), and where it returns to. */
export async function signInPageEntry({ params, searchParams }: SignInPageProps): Promise<string> {
  return nextPathOf(searchParams, await enterLocale(params));
}
