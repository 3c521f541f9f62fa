/** Pagination meta of an API list answer. */
export interface PageMeta {
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  /** GET /ideas: the total stopped at its cap ("500+"). */
  total_capped?: boolean;
  /** GET /ideas: the cursor of the next page, null on the last. */
  next_cursor?: string | null;
}

/** One page of a paged API list. */
export interface Page<T> {
  data: T[];
  meta: PageMeta;
}

/** An item of a page the server rendered as markup: the browser pages on by its id alone. */
export interface ItemRef {
  id: number;
}

/**
 * A page whose items the browser shows as the server's markup: their ids, which later pages are told apart from
 * (mergePage), and the page's meta, without the items' data a second time.
 */
export function pageOfRefs(page: Page<ItemRef>): Page<ItemRef> {
  return { data: page.data.map(({ id }) => ({ id })), meta: page.meta };
}

/** The page after this one, or undefined on the last page (the UI pages by last_page). */
export function nextPageOf(meta: PageMeta): number | undefined {
  return meta.current_page < meta.last_page ? meta.current_page + 1 : undefined;
}

/** What GET /ideas is asked for a page: page 1 by number, later ones from their cursor when the answer gave one. */
export type ListingPageParam = number | { page: number; cursor: string };

/** The page after this one of a listing, read from where it ended, or undefined on the last page. */
export function nextListingPage(meta: PageMeta): ListingPageParam | undefined {
  const page = nextPageOf(meta);
  if (page === undefined) return undefined;
  return meta.next_cursor ? { page, cursor: meta.next_cursor } : page;
}

/** SPEC section 4: load more only when nothing is loading and the current page is below the last. */
export function canLoadMore(state: { loading: boolean; page: number; lastPage: number }): boolean {
  return !state.loading && state.page < state.lastPage;
}

/**
 * SPEC section 4: page 1 replaces the items, later pages append. An item that moved between pages while
 * the visitor scrolled (a new idea published on top) is shown once.
 */
export function mergePage<T extends { id: number }>(
  items: T[],
  page: { data: T[]; meta: Pick<PageMeta, 'current_page'> },
): T[] {
  if (page.meta.current_page <= 1) return page.data;
  const seen = new Set(items.map((item) => item.id));
  return [...items, ...page.data.filter((item) => !seen.has(item.id))];
}

/** All loaded pages as one list, in order. */
export function mergePages<T extends { id: number }>(
  pages: { data: T[]; meta: Pick<PageMeta, 'current_page'> }[],
): T[] {
  return pages.reduce<T[]>((items, page) => mergePage(items, page), []);
}
