import { beforeEach, describe, expect, it, vi } from 'vitest';

const revalidated: [string, string | undefined][] = [];
vi.mock('next/cache', () => ({
  revalidatePath: (path: string, type?: string) => revalidated.push([path, type]),
}));

const { authorChanged, ideaChanged } = await import('@/lib/server/cache/invalidate');

const GUIDE_ROUTE: [string, string] = ['/[locale]/(default)/authors/[hid]', 'page'];
const IDEA_ROUTE: [string, string] = ['/[locale]/(default)/go/[id]', 'page'];

beforeEach(() => {
  revalidated.length = 0;
});

describe('what a change drops from the page cache', () => {
  it("an idea's change drops its own pages and every guide page (which show ideas as cards)", () => {
    ideaChanged(5);
    expect(revalidated).toContainEqual(['/en/go/5', undefined]);
    expect(revalidated).toContainEqual(GUIDE_ROUTE);
    expect(revalidated).not.toContainEqual(IDEA_ROUTE);
  });

  it("an author's name or avatar drops every idea page and every guide page", () => {
    authorChanged();
    expect(revalidated).toContainEqual(IDEA_ROUTE);
    expect(revalidated).toContainEqual(GUIDE_ROUTE);
  });

  it("an author's about text drops the guide pages only", () => {
    authorChanged({ onlyAbout: true });
    expect(revalidated).toEqual([GUIDE_ROUTE]);
  });
});
