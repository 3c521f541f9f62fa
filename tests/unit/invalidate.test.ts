import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const revalidated: [string, string | undefined][] = [];
vi.mock('next/cache', () => ({
  revalidatePath: (path: string, type?: string) => revalidated.push([path, type]),
}));

const { authorChanged, ideaChanged } = await import('@/lib/server/cache/invalidate');
const pageCache = await import('@/lib/server/cache/page-cache');
const { GUIDE_ROUTE, IDEA_ROUTE, LISTING_ROUTE } = pageCache;
const { toHid } = await import('@/lib/server/db/hids');

const APP = fileURLToPath(new URL('../../app', import.meta.url));
/** Every route pattern page-cache.ts exports, a new one included. */
const ROUTES = Object.entries(pageCache).filter(([name]) => name.endsWith('_ROUTE'));

beforeEach(() => {
  revalidated.length = 0;
});

describe('the routes the page cache is dropped by', () => {
  // revalidatePath drops nothing for a pattern that names no route: a moved page would keep its stale copies.
  it.each(ROUTES)('%s names a page under app/', (_, route) => {
    expect(existsSync(`${APP}${String(route)}/page.tsx`), String(route)).toBe(true);
  });

  it('are all found', () => {
    expect(ROUTES.map(([name]) => name).sort()).toEqual(['GUIDE_ROUTE', 'IDEA_ROUTE', 'LISTING_ROUTE']);
  });
});

describe('what a change drops from the page cache', () => {
  it("an idea's change drops its page (by hid, which its numeric path is served as) and every guide page", () => {
    ideaChanged(5);
    for (const prefix of ['/ru', '/en', '/zh-CN'])
      expect(revalidated).toContainEqual([`${prefix}/go/${toHid(5)}`, undefined]);
    expect(revalidated).not.toContainEqual(['/en/go/5', undefined]);
    expect(revalidated).toContainEqual([LISTING_ROUTE, 'page']);
    expect(revalidated).toContainEqual([GUIDE_ROUTE, 'page']);
    expect(revalidated).not.toContainEqual([IDEA_ROUTE, 'page']);
  });

  it("an author's name or avatar drops every idea page and every guide page", () => {
    authorChanged();
    expect(revalidated).toContainEqual([IDEA_ROUTE, 'page']);
    expect(revalidated).toContainEqual([GUIDE_ROUTE, 'page']);
  });

  it("an author's about text drops the guide pages only", () => {
    authorChanged({ onlyAbout: true });
    expect(revalidated).toEqual([[GUIDE_ROUTE, 'page']]);
  });
});
