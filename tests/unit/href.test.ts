import { describe, expect, it } from 'vitest';
import { hrefString, isInternal } from '@/lib/i18n/href';

describe("links' targets", () => {
  it('writes a path with its query object as the browser would', () => {
    expect(hrefString('/go?place_id=1')).toBe('/go?place_id=1');
    expect(hrefString({ pathname: '/login/email', query: { next: '/account' } })).toBe('/login/email?next=%2Faccount');
    expect(hrefString({ pathname: '/register', query: { next: undefined } })).toBe('/register');
  });

  it('tells this site’s paths from other sites and protocol-relative URLs', () => {
    expect(isInternal('/go')).toBe(true);
    expect(isInternal('//evil.example/go')).toBe(false);
    expect(isInternal('https://t.me/sopka_travel')).toBe(false);
    expect(isInternal('mailto:hello@sopka.travel')).toBe(false);
  });
});
