/**
 * Against the real production server (`next start` of the existing build), which no in-process test can
 * stand for: only the running server sees the socket. Skipped when there is no build (`npx next build`).
 */
import http from 'node:http';
import { describe, expect, it } from 'vitest';
import { startNextServer, stopNextServer } from '../support/next-server';
import { BASE, BUILT, PORT, seededDataDirForFile } from '../support/server-test';

const dataDir = seededDataDirForFile('sopka-server-test-');

const startServer = (trustProxyHops: number) =>
  startNextServer(PORT, { DATA_DIR: dataDir(), DATABASE_URL: '', TRUST_PROXY_HOPS: String(trustProxyHops) });

const signIn = (email: string, headers: Record<string, string>) =>
  fetch(`${BASE}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email, password: 'wrong-password' }),
  });

/** A sign-in from another loopback address (the whole 127/8 reaches a server on 127.0.0.1). */
function signInFrom(localAddress: string, email: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${BASE}/api/v1/auth/login`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json' } },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify({ email, password: 'wrong-password' }));
  });
}

/** 30 wrong passwords for 30 accounts; the status of the 31st. */
async function exhaustClientLimit(
  forwardedFor: (attempt: number) => string,
): Promise<{ statuses: number[]; last: Response }> {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 30; attempt++)
    statuses.push((await signIn(`nobody-${attempt}@example.com`, { 'x-forwarded-for': forwardedFor(attempt) })).status);
  return { statuses, last: await signIn('nobody-30@example.com', { 'x-forwarded-for': forwardedFor(30) }) };
}

describe.skipIf(!BUILT)('the real server', () => {
  it('with TRUST_PROXY_HOPS=0 limits sign-in by the socket address, whatever X-Forwarded-For is forged', async () => {
    const server = await startServer(0);
    try {
      const { statuses, last } = await exhaustClientLimit((attempt) => `10.9.${attempt}.1`);
      expect(statuses.every((status) => status === 422)).toBe(true);
      expect(last.status).toBe(429);
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
      // A forged peer address header is overwritten by the server too.
      expect(
        (
          await signIn('nobody-31@example.com', {
            'x-sopka-peer-address': '10.10.10.10',
            'x-forwarded-for': '10.10.10.10',
          })
        ).status,
      ).toBe(429);
      // The limit is the socket's: another address is another client.
      expect(await signInFrom('127.0.0.2', 'nobody-32@example.com')).toBe(422);
      // Pages and the proxy are unaffected.
      const home = await fetch(`${BASE}/en`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<html');
      expect((await fetch(`${BASE}/account`, { redirect: 'manual' })).status).toBe(307);
    } finally {
      await stopNextServer(server);
    }
  }, 180_000);

  it('with TRUST_PROXY_HOPS=1 takes the address the proxy appended, not the forged ones to its left', async () => {
    const server = await startServer(1);
    try {
      const { statuses, last } = await exhaustClientLimit((attempt) => `10.8.${attempt}.1, 192.0.2.10`);
      expect(statuses.every((status) => status === 422)).toBe(true);
      expect(last.status).toBe(429);
      // Another client behind the same proxy is a client of its own.
      expect((await signIn('nobody-31@example.com', { 'x-forwarded-for': '192.0.2.11' })).status).toBe(422);
    } finally {
      await stopNextServer(server);
    }
  }, 180_000);
});
