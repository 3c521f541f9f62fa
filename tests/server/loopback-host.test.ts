/**
 * A process bound to 127.0.0.1, as every instance behind nginx is (deploy/nginx.conf, npm run start:cluster): the
 * proxy's rewrites and redirects must stay inside the process and keep the visitor's own host. Next renamed the
 * loopback host to `localhost` in the proxy and then took its rewrites for another origin (vercel/next.js#94745).
 * Skipped when there is no build (`npx next build`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNextServer, stopNextServer, type NextServer } from '../support/next-server';
import { BASE, BUILT, PORT, seededDataDirForFile } from '../support/server-test';

const dataDir = seededDataDirForFile('sopka-loopback-test-');
let server: NextServer | undefined;

beforeAll(async () => {
  if (BUILT) server = await startNextServer(PORT, { DATA_DIR: dataDir(), DATABASE_URL: '' });
});
afterAll(async () => {
  if (server) await stopNextServer(server);
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${BASE}${path}`, { headers, redirect: 'manual' });

describe.skipIf(!BUILT)('a process bound to 127.0.0.1', () => {
  it('answers the Russian listing at /go itself, behind a plain or a TLS-terminating proxy', async () => {
    const proxies: Record<string, string>[] = [{}, { 'x-forwarded-proto': 'https' }, { 'x-forwarded-proto': 'http' }];
    for (const headers of proxies) {
      const response = await get('/go', headers);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('lang="ru"');
    }
    const english = await get('/en/go?sort=price_asc', { 'x-forwarded-proto': 'https' });
    expect(english.status).toBe(200);
  });

  it('redirects to a path on the host the visitor used, not to localhost', async () => {
    const gated = await get('/account');
    expect(gated.status).toBe(307);
    expect(gated.headers.get('location')).toBe('/login?next=%2Faccount');
    const prefixed = await get('/ru/go');
    expect([307, 308]).toContain(prefixed.status);
    expect(prefixed.headers.get('location')).toBe('/go');
  });
});
