import 'server-only';
import { revalidatePath } from 'next/cache';
import { locales } from '@/lib/i18n/locales';
import { toHid } from '../db/hids';

/*
 * The routes of the cached pages, as revalidatePath names them: the folder under app/ (tests/unit/invalidate.test.ts
 * fails when one names none). The route group is part of it: without `(default)` a pattern matched no cached page,
 * and an author's new name waited out the minute of revalidation.
 */

/** Idea pages, served from Next's page cache (ISR). */
export const IDEA_ROUTE = '/[locale]/(default)/go/[id]';
/** The cached listings (lib/listing/cached-listing.ts): any idea's change may show in any of them. */
export const LISTING_ROUTE = '/[locale]/(default)/listing/[filters]';
/**
 * Guide pages (`/authors/{hid}`) show their author's profile and ideas as cards. An idea's change drops them
 * all, as it drops every cached listing: a guide page is one more listing, and finding the one author it belongs
 * to would cost every caller a query (or an argument) for pages that are few and cheap to render again.
 */
export const GUIDE_ROUTE = '/[locale]/(default)/authors/[hid]';

/** Outside a Next request (scripts, in-process API tests) there is no page cache, and nothing to drop. */
function outsideNext(error: unknown): boolean {
  return error instanceof Error && error.message.includes('static generation store missing');
}

function revalidate(path: string, type?: 'page') {
  try {
    revalidatePath(path, type);
  } catch (error) {
    if (!outsideNext(error)) throw error;
  }
}

/**
 * After a write to an idea (text, dates, seats, photos, status): its page in every locale, home and the listings.
 * An idea has one page per locale, its hid's: the proxy serves `/go/{id}` as `/go/{hid}`.
 */
export function invalidateIdeaPages(ideaId: number) {
  for (const locale of locales) revalidate(`/${locale}/go/${toHid(ideaId)}`);
  invalidateListings();
}

/** After a change every idea page may show (an author's name or avatar): the whole idea route. */
export function invalidateAllIdeaPages() {
  revalidate(IDEA_ROUTE, 'page');
  invalidateListings();
}

/** After a change only guide pages show (an author's about text): the guide route. */
export function invalidateGuidePages() {
  revalidate(GUIDE_ROUTE, 'page');
}

/**
 * Home, the cached listings and the guide pages, which show ideas as cards: home by its path in every locale,
 * listings and guide pages by their routes.
 */
function invalidateListings() {
  for (const locale of locales) revalidate(`/${locale}`);
  revalidate(LISTING_ROUTE, 'page');
  invalidateGuidePages();
}
