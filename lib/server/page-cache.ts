import 'server-only';
import { revalidatePath } from 'next/cache';
import { locales } from '@/lib/i18n/locales';
import { toHid } from './hids';

/**
 * Idea pages are served from Next's page cache (ISR); this is the route they are cached under. The route
 * group is part of it: without `(default)` the pattern matched no cached page, and an author's new name
 * waited out the minute of revalidation.
 */
const IDEA_ROUTE = '/[locale]/(default)/go/[id]';

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

/** After a write to an idea (text, dates, seats, photos, status): its pages in every locale, by id and by hid, and home. */
export function invalidateIdeaPages(ideaId: number) {
  for (const locale of locales) for (const key of [ideaId, toHid(ideaId)]) revalidate(`/${locale}/go/${key}`);
  invalidateHome();
}

/** After a change every idea page may show (an author's name or avatar): the whole idea route. */
export function invalidateAllIdeaPages() {
  revalidate(IDEA_ROUTE, 'page');
  invalidateHome();
}

/** Home (also served from the page cache) shows the newest ideas: by its path in every locale. */
function invalidateHome() {
  for (const locale of locales) revalidate(`/${locale}`);
}
