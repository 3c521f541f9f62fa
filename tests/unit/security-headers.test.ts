import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, IMAGE_CONTENT_SECURITY_POLICY, securityHeaders } from '@/lib/config/security-headers';

const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name, sources]),
  );

const ANALYTICS_HITS = ['https://mc.yandex.ru', 'https://mc.yandex.com'];

describe('security headers', () => {
  it('send the baseline policy, the analytics origins and no eval in production', () => {
    const policy = directives(contentSecurityPolicy({ development: false }));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toContain('https://mc.yandex.ru');
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
    expect(policy.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:', 'https://mc.yandex.ru']));
    expect(policy.get('font-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(expect.arrayContaining(["'self'", 'https://mc.yandex.ru']));
  });

  it("allow the maps' tiles from MAP_TILE_URL's origin, OpenStreetMap's by default, and nothing for a path here", () => {
    const imgSrc = (mapTileUrl?: string) =>
      directives(contentSecurityPolicy({ development: false, mapTileUrl })).get('img-src');
    expect(imgSrc()).toContain('https://tile.openstreetmap.org');
    expect(imgSrc('')).toContain('https://tile.openstreetmap.org');
    expect(imgSrc('https://tiles.example.com:8443/{z}/{x}/{y}.png')).toContain('https://tiles.example.com:8443');
    expect(imgSrc('https://tiles.example.com/{z}/{x}/{y}.png')).not.toContain('https://tile.openstreetmap.org');
    expect(imgSrc('/api/v1/test/tile?z={z}&x={x}&y={y}')).toEqual(["'self'", 'data:', 'blob:', ...ANALYTICS_HITS]);
  });

  it("allow eval only under next dev, which React's development build needs", () => {
    expect(directives(contentSecurityPolicy({ development: true })).get('script-src')).toContain("'unsafe-eval'");
  });

  it('keep the baseline directives on optimized pictures, which run nothing', () => {
    const policy = directives(IMAGE_CONTENT_SECURITY_POLICY);
    for (const name of ['default-src', 'object-src', 'base-uri', 'frame-ancestors', 'form-action', 'sandbox'])
      expect(policy.has(name), name).toBe(true);
    expect(policy.get('script-src')).toEqual(["'none'"]);
  });

  it('include the transport, sniffing, referrer and permissions headers', () => {
    const names = securityHeaders({ development: false }).map((header) => header.key);
    expect(names).toEqual(
      expect.arrayContaining([
        'Content-Security-Policy',
        'Strict-Transport-Security',
        'X-Content-Type-Options',
        'Referrer-Policy',
        'Permissions-Policy',
      ]),
    );
  });
});
