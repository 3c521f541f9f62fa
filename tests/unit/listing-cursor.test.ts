import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '@/lib/listing/cursor';
import { nextListingPage } from '@/lib/listing/pagination';

describe('listing cursors', () => {
  it('give back what they hold: the last row of a page, or the rows before the next', () => {
    const after = { s: 'default.default', v: '2026-11-05T10:45:11.013456+00:00', i: 42 };
    expect(decodeCursor(encodeCursor(after))).toEqual(after);
    expect(decodeCursor(encodeCursor({ s: 'rating.asc', v: null, i: 7 }))).toEqual({ s: 'rating.asc', v: null, i: 7 });
    expect(decodeCursor(encodeCursor({ s: 'relevance.default', o: 80 }))).toEqual({ s: 'relevance.default', o: 80 });
  });

  it('refuse what no answer gave', () => {
    const encoded = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const text of [
      'not-a-cursor',
      encoded(null),
      encoded({ v: 1, i: 2 }),
      encoded({ s: 'price.default', v: 1 }),
      encoded({ s: 'price.default', v: {}, i: 2 }),
      encoded({ s: 'price.default', v: 1, i: -1 }),
      encoded({ s: 'relevance.default', o: 1.5 }),
    ])
      expect(decodeCursor(text)).toBeNull();
  });
});

describe('the next page of a listing', () => {
  const meta = { current_page: 2, per_page: 40, total: 500, last_page: 13 };
  it('is read from the cursor the answer gave, or by number without one, and not after the last page', () => {
    expect(nextListingPage({ ...meta, next_cursor: 'abc' })).toEqual({ page: 3, cursor: 'abc' });
    expect(nextListingPage(meta)).toBe(3);
    expect(nextListingPage({ ...meta, current_page: 13, next_cursor: null })).toBeUndefined();
  });
});
