import { describe, expect, it } from 'vitest';
import { createNearPageStore, type NearEntry } from '@/lib/server/cache/near-page-store.mjs';

const page = (tags: string[], htmlBytes = 100): NearEntry => ({
  lastModified: 1,
  tags,
  value: { html: 'x'.repeat(htmlBytes) },
});

describe('the memory copy of shared pages', () => {
  it("drops exactly the pages carrying a revalidated tag, on any process's word", () => {
    const store = createNearPageStore(1_000_000);
    store.set('/en/go/a', page(['_N_T_/en/go/a', '_N_T_/[locale]/(default)/go/[id]/page']));
    store.set('/en/go/b', page(['_N_T_/en/go/b', '_N_T_/[locale]/(default)/go/[id]/page']));
    store.set('/en', page(['_N_T_/en']));
    store.invalidate('_N_T_/en/go/a');
    expect(store.get('/en/go/a')).toBeNull();
    expect(store.get('/en/go/b')).not.toBeNull();
    store.invalidate('_N_T_/[locale]/(default)/go/[id]/page');
    expect(store.get('/en/go/b')).toBeNull();
    expect(store.get('/en')).not.toBeNull();
  });

  it('does not keep a page read from Redis while an invalidation came in: it may be the old one', () => {
    const store = createNearPageStore(1_000_000);
    const since = store.generation;
    store.invalidate('_N_T_/en/go/a');
    store.set('/en/go/a', page(['_N_T_/en/go/a']), since);
    expect(store.get('/en/go/a')).toBeNull();
    store.set('/en/go/a', page(['_N_T_/en/go/a']), store.generation);
    expect(store.get('/en/go/a')).not.toBeNull();
  });

  it('stays within its bytes, the least recently served page out first, and forgets all after a gap', () => {
    // Room for eight pages of 900 bytes.
    const store = createNearPageStore(8_000);
    const keys = ['0', '1', '2', '3', '4', '5', '6', '7'];
    for (const key of keys) store.set(key, page([], 900));
    store.get('0');
    store.set('8', page([], 900));
    expect(store.get('1')).toBeNull();
    const kept = ['0', '2', '3', '4', '5', '6', '7', '8'];
    expect(kept.filter((key) => store.get(key) === null)).toEqual([]);
    // A page larger than an eighth of the store is served, never kept.
    store.set('huge', page([], 1_100));
    expect(store.get('huge')).toBeNull();
    store.clear();
    expect(kept.filter((key) => store.get(key) !== null)).toEqual([]);
  });
});
