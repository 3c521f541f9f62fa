import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { categoriesQuery, ideaPagesQuery, ideaQuery, ideasQuery } from '@/lib/api/queries';
import { queryHash } from '@/lib/api/query-hash';
import { listingParams } from '@/lib/listing/params';

describe('query hash', () => {
  it('is React Query’s hash of the app’s keys, whatever order their parameters came in', () => {
    const params = listingParams({ category_id: '2', date_from: '2026-12-05', date_to: '2026-12-20', sort: 'rating' });
    const keys = [
      ideaPagesQuery('ru', params).queryKey,
      ideasQuery('en', params).queryKey,
      ideaPagesQuery('zh-CN', listingParams({})).queryKey,
      categoriesQuery('ru').queryKey,
      ideaQuery('en', 'AbCdEf').queryKey,
    ];
    for (const key of keys) expect(queryHash(key)).toBe(hashKey(key));
  });

  it('sorts the keys of nested plain objects only, as React Query does', () => {
    const date = new Date('2026-12-05T00:00:00Z');
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { b: 1, a: 2 });
    const key = ['ideas', { z: 1, a: { d: [3, { y: 1, x: 2 }], c: undefined } }, date, bare, null, [2, 1]];
    expect(queryHash(key)).toBe(hashKey(key));
    expect(queryHash([{ b: 1, a: 2 }])).toBe(queryHash([{ a: 2, b: 1 }]));
  });
});
