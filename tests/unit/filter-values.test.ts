import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ideasQuery } from '@/lib/contract/ideas';
import { isValidListingValue } from '@/lib/listing/filter-values';
import { API_LISTING_KEYS, type ApiListingKey } from '@/lib/listing/filters';

const apiAccepts = (key: ApiListingKey, value: string) => ideasQuery.shape[key].safeParse(value).success;

/** Strings near the edges of every rule: numbers, dates, names and lists, with and without noise around them. */
const nearValid = fc.oneof(
  fc.integer({ min: -100, max: 200 }).map(String),
  fc.constantFrom(
    '0',
    '1',
    '50',
    '51',
    '2147483647',
    '2147483648',
    '100000000',
    '100000001',
    '1e3',
    '0x10',
    '1.5',
    '-0',
    'Infinity',
    'NaN',
    ' 12 ',
    '12abc',
    '',
  ),
  fc.double({ min: -200, max: 200, noNaN: true }).map(String),
  fc
    .date({ min: new Date('1900-01-01'), max: new Date('2100-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10)),
  fc.constantFrom(
    '2026-02-29',
    '2028-02-29',
    '2100-02-29',
    '2000-02-29',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '0000-01-01',
    '2026-1-5',
    '2026-1-05',
    '2026-01-5',
    '+02026-01-05',
    '2026-05-12T00:00',
    ' 2026-05-12',
  ),
  fc.constantFrom(
    'ru',
    'en',
    'zh',
    'ru,en',
    'ru,,zh',
    ',',
    'ru,fr',
    ' en ',
    'RU',
    'morning',
    'day',
    'evening',
    'night',
    'nearby',
    'default',
    'price',
    'date',
    'new',
    'distance',
    'asc',
    'desc',
    '131.8,43.0,132.0,43.2',
    '131.8,43.0,132,43.2 ',
    '-180,-90,180,90',
    '-180.1,-90,180,90',
    '131.8,43.0,131.8,43.2',
    '132,43,131,44',
    '131,43,132',
    '131,43,132,44,1',
    '131,,132,44',
    '1e2,1,1e2,2',
    'Infinity,1,2,3',
  ),
  fc.string({ maxLength: 120 }),
  fc.string({ minLength: 95, maxLength: 105 }),
);

describe('listing values read without zod', () => {
  it('accept exactly what the API accepts, key by key', () => {
    fc.assert(
      fc.property(fc.constantFrom(...API_LISTING_KEYS), nearValid, (key, value) => {
        expect(isValidListingValue(key, value), `${key}=${JSON.stringify(value)}`).toBe(apiAccepts(key, value));
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('the view', () => {
  it('is map or nothing, and the API never sees it', () => {
    expect(isValidListingValue('view', 'map')).toBe(true);
    expect(isValidListingValue('view', 'list')).toBe(false);
    expect(isValidListingValue('view', 'MAP')).toBe(false);
    expect(API_LISTING_KEYS).not.toContain('view');
  });
});
