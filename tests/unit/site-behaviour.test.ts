import { describe, expect, it } from 'vitest';
import { isChunkLoadError, shouldReloadForChunkError } from '@/lib/browser/chunk-reload';
import { acceptCookies, isCookieAccepted } from '@/lib/browser/cookie-consent';
import { errorRouteStatus, errorStatus } from '@/lib/http/errors';
import { parseIdOrHid } from '@/lib/contract/ids';
import { prefetchAllowed } from '@/lib/browser/connection';
import { alternatesFor } from '@/lib/seo/alternates';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe('cookie consent flag', () => {
  it('is remembered under cookieAccepted', () => {
    const storage = memoryStorage();
    expect(isCookieAccepted(storage)).toBe(false);
    acceptCookies(storage);
    expect(storage.data.get('cookieAccepted')).toBe('true');
    expect(isCookieAccepted(storage)).toBe(true);
  });

  it('treats blocked storage as not accepted instead of crashing', () => {
    const blocked = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(isCookieAccepted(blocked)).toBe(false);
    expect(() => acceptCookies(blocked)).not.toThrow();
  });
});

describe('failed script chunk', () => {
  it('recognises chunk load failures only', () => {
    expect(isChunkLoadError({ name: 'ChunkLoadError', message: 'x' })).toBe(true);
    expect(isChunkLoadError(new Error('Loading chunk 123 failed.'))).toBe(true);
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_next/static/chunks/a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads at most once per 60 seconds', () => {
    const now = 1_000_000;
    expect(shouldReloadForChunkError(null, now)).toBe(true);
    expect(shouldReloadForChunkError(now - 59_999, now)).toBe(false);
    expect(shouldReloadForChunkError(now - 60_000, now)).toBe(true);
  });
});

describe('prefetch', () => {
  it('is skipped on 2g and with Save-Data', () => {
    expect(prefetchAllowed({ effectiveType: '2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: 'slow-2g' })).toBe(false);
    expect(prefetchAllowed({ effectiveType: '4g', saveData: true })).toBe(false);
  });

  it('happens otherwise, and where the browser says nothing', () => {
    expect(prefetchAllowed({ effectiveType: '4g' })).toBe(true);
    expect(prefetchAllowed({ effectiveType: '3g', saveData: false })).toBe(true);
    expect(prefetchAllowed(undefined)).toBe(true);
  });
});

describe('error status', () => {
  it('uses the status the error carries, 500 otherwise', () => {
    expect(errorStatus(Object.assign(new Error('x'), { status: 403 }))).toBe(403);
    expect(errorStatus({ statusCode: 503 })).toBe(503);
    expect(errorStatus(new Error('boom'))).toBe(500);
    expect(errorStatus({ status: 200 })).toBe(500);
    expect(errorStatus(undefined)).toBe(500);
  });

  it('maps the error routes to their statuses', () => {
    expect(errorRouteStatus('/error/e403')).toBe(403);
    expect(errorRouteStatus('/error/e404')).toBe(404);
    expect(errorRouteStatus('/error/e503')).toBe(503);
    expect(errorRouteStatus('/error/e500')).toBeNull();
    expect(errorRouteStatus('/go')).toBeNull();
  });
});

describe('idea id parameter', () => {
  it('accepts numeric ids and hids', () => {
    expect(parseIdOrHid('42')).toEqual({ kind: 'id', id: 42 });
    expect(parseIdOrHid('XkqfQz')).toEqual({ kind: 'hid', hid: 'XkqfQz' });
  });

  it('rejects everything else', () => {
    for (const value of [
      'not-an-id',
      '0',
      '-1',
      '1.5',
      'abc',
      'Xk9fQ2',
      '<script>',
      'a'.repeat(33),
      '99999999999999999',
    ]) {
      expect(parseIdOrHid(value)).toBeNull();
    }
  });
});

describe('hreflang alternates', () => {
  it('lists ru, en, zh-CN and x-default, with the canonical URL in the page locale', () => {
    const { canonical, languages } = alternatesFor('/go', 'zh-CN', 'https://sopka.travel');
    expect(canonical).toBe('https://sopka.travel/cn/go');
    expect(languages).toEqual({
      ru: 'https://sopka.travel/go',
      en: 'https://sopka.travel/en/go',
      'zh-CN': 'https://sopka.travel/cn/go',
      'x-default': 'https://sopka.travel/go',
    });
  });

  it('uses the bare prefix for home', () => {
    expect(alternatesFor('/', 'en', 'https://sopka.travel').canonical).toBe('https://sopka.travel/en');
  });
});
