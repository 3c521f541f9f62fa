import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import proxy from '@/proxy';

function request(path: string, headers: Record<string, string> = {}) {
  return new NextRequest(new URL(path, 'http://localhost:3000'), { headers });
}

const location = (response: Response) => {
  const value = response.headers.get('location');
  return value ? new URL(value).pathname + new URL(value).search : null;
};

describe('proxy', () => {
  it('sends an English-preferring first visit of / to /en, keeping the query', () => {
    const response = proxy(request('/?utm_source=x', { 'accept-language': 'en-US,en;q=0.9' }));
    expect(response.status).toBe(307);
    expect(location(response)).toBe('/en?utm_source=x');
  });

  it('keeps everyone else on Russian /', () => {
    for (const acceptLanguage of ['ru-RU', 'zh-CN,zh;q=0.9', 'de']) {
      const response = proxy(request('/', { 'accept-language': acceptLanguage }));
      expect(response.headers.get('location')).toBeNull();
    }
  });

  it('follows the remembered locale cookie on /', () => {
    const response = proxy(request('/', { 'accept-language': 'ru', cookie: 'NEXT_LOCALE=zh-CN' }));
    expect(location(response)).toBe('/cn');
  });

  it('redirects /ru paths to the unprefixed form', () => {
    const response = proxy(request('/ru/go?category_id=2'));
    expect([307, 308]).toContain(response.status);
    expect(location(response)).toBe('/go?category_id=2');
  });

  it('gates account and office pages without a session', () => {
    expect(location(proxy(request('/account')))).toBe('/login?next=%2Faccount');
    expect(location(proxy(request('/en/office')))).toBe('/en/login?next=%2Fen%2Foffice');
  });

  it('lets account pages through with a session cookie', () => {
    const response = proxy(request('/account', { cookie: 'sopka_session=abc' }));
    expect(response.headers.get('location')).toBeNull();
  });

  it('answers the error routes with their status', () => {
    expect(proxy(request('/error/e403')).status).toBe(403);
    expect(proxy(request('/en/error/e404')).status).toBe(404);
    expect(proxy(request('/cn/error/e503')).status).toBe(503);
    expect(proxy(request('/go')).status).toBe(200);
  });
});
