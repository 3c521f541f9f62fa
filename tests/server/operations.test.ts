/**
 * Health, readiness, the request log and the drain on SIGTERM, against the real production server
 * (`next start` of the existing build): only it has the sockets, the signals and the process's stdout.
 * Skipped when there is no build (`npx next build`).
 */
import { rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { connect } from '@/lib/server/db/client';
import { ideas } from '@/lib/server/db/schema';
import { SEED_AUTHORS } from '@/lib/server/demo/content/ideas';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { seededDataDir, startNextServer, stopNextServer, type NextServer } from '../support/next-server';
import { BASE, BUILT, PORT, seededDataDirForFile } from '../support/server-test';

const dataDir = seededDataDirForFile('sopka-operations-test-');

const startServer = (env: Record<string, string> = {}) =>
  startNextServer(
    PORT,
    {
      DATA_DIR: dataDir(),
      DATABASE_URL: '',
      NEXT_MANUAL_SIG_HANDLE: 'true',
      LOG_LEVEL: 'info',
      ...env,
    },
    { captureOutput: true },
  );

const stopServer = (server: NextServer) => stopNextServer(server, 'SIGKILL');

/** Polls `condition` until it holds; fails after `ms`. */
async function until(condition: () => boolean | Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`condition not met within ${ms} ms`);
}

/** The server's JSON log lines (Next's own start-up banner is plain text). */
function logEntries(server: NextServer): Record<string, unknown>[] {
  return server.lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** A raw HTTP/1.1 connection: what it received so far, and whether the server closed it. */
function rawConnection() {
  const socket = net.connect(PORT, '127.0.0.1');
  const state = { received: '', closed: false };
  socket.setEncoding('utf8').on('data', (chunk: string) => (state.received += chunk));
  socket.on('close', () => (state.closed = true));
  socket.on('error', () => undefined);
  const send = (target: string) => socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\n\r\n`);
  return { socket, state, send };
}

/** GET /api/v1/events as a seeded author; `ended` resolves with what it received once the server ends it. */
async function openEventStream() {
  const login = await fetch(`${BASE}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: SEED_AUTHORS[0].email, password: AUTHOR_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  const response = await fetch(`${BASE}/api/v1/events`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return { ended: response.text() };
}

function connectionRefused(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(PORT, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

describe.skipIf(!BUILT)('operations of the real server', () => {
  it('answers health and readiness without caching, and logs one JSON line per request without secrets', async () => {
    const server = await startServer();
    try {
      const health = await fetch(`${BASE}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      expect(health.headers.get('cache-control')).toBe('no-store');

      const ready = await fetch(`${BASE}/api/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
      expect(ready.headers.get('cache-control')).toBe('no-store');

      const secrets = {
        cookie: 'cookie-secret-4f1d',
        authorization: 'bearer-secret-9a2c',
        query: 'query-secret-77e0',
      };
      const requestIds = ['ops-test-request-0001', 'ops-test-request-0002', 'ops-test-request-0003'];
      for (const requestId of requestIds) {
        const response = await fetch(`${BASE}/api/v1/categories?token=${secrets.query}`, {
          headers: {
            cookie: `sopka_session=${secrets.cookie}`,
            authorization: `Bearer ${secrets.authorization}`,
            'x-request-id': requestId,
          },
        });
        expect(response.status).toBe(200);
        // The proxy's request id is kept and echoed.
        expect(response.headers.get('x-request-id')).toBe(requestId);
      }
      // A value that could smuggle text into a log is replaced by an id of our own.
      const forged = await fetch(`${BASE}/api/health`, { headers: { 'x-request-id': 'a"b c' } });
      expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

      await until(
        () => logEntries(server).filter((entry) => requestIds.includes(String(entry.requestId))).length >= 3,
        5_000,
      );
      for (const requestId of requestIds) {
        const lines = logEntries(server).filter((entry) => entry.requestId === requestId);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatchObject({
          level: 30,
          msg: 'request',
          method: 'GET',
          path: '/api/v1/categories',
          status: 200,
          remoteAddress: '127.0.0.1',
        });
        expect(lines[0].durationMs).toEqual(expect.any(Number));
      }
      // The requests appear only as JSON lines (Next prints no line of its own for them), and none holds a secret.
      for (const line of server.lines.filter((line) => line.includes('/api/v1/categories')))
        expect(() => JSON.parse(line), line).not.toThrow();
      const output = server.lines.join('\n');
      for (const secret of Object.values(secrets)) expect(output).not.toContain(secret);
      // Probes are logged only at debug level: a balancer's polling does not flood the log.
      expect(logEntries(server).some((entry) => entry.path === '/api/health')).toBe(false);
    } finally {
      await stopServer(server);
    }
  });

  it('answers pages with 503 and Retry-After while the database is down, as the API does', async () => {
    // Nothing listens on port 9: every connection is refused at once.
    const server = await startServer({ DATABASE_URL: 'postgres://postgres@127.0.0.1:9/sopka' });
    try {
      for (const path of ['/en/go?q=lighthouse', '/go/1', '/api/v1/ideas?q=lighthouse']) {
        const response = await fetch(`${BASE}${path}`);
        expect(response.status, path).toBe(503);
        expect(response.headers.get('retry-after'), path).toMatch(/^\d+$/);
        await response.arrayBuffer();
      }
    } finally {
      await stopServer(server);
    }
  });

  it('serves no page cached from another database: a restored or fresh one starts without them', async () => {
    const other = await seededDataDir('sopka-operations-other-');
    try {
      const first = await connect({ dataDir: path.join(dataDir(), 'db') });
      const [idea] = await first.db
        .select({ id: ideas.id })
        .from(ideas)
        .where(eq(ideas.status, 'published'))
        .orderBy(ideas.id)
        .limit(1);
      await first.close();
      const page = `${BASE}/en/go/${idea.id}`;
      const server = await startServer();
      try {
        await (await fetch(page)).text();
        const cached = await fetch(page);
        expect(cached.headers.get('x-nextjs-cache')).toMatch(/HIT|STALE/);
        await cached.text();
      } finally {
        await stopServer(server);
      }
      // The same idea as another database holds it (a backup of another day, restored).
      const title = `Restored title ${Date.now()}`;
      const restored = await connect({ dataDir: path.join(other, 'db') });
      await restored.db
        .update(ideas)
        .set({ title: { ru: title, en: title } })
        .where(eq(ideas.id, idea.id));
      await restored.close();
      const next = await startServer({ DATA_DIR: other });
      try {
        expect(await (await fetch(page)).text()).toContain(title);
      } finally {
        await stopServer(next);
      }
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it('is not ready when a configured dependency fails, and names it', async () => {
    // Redis answers (the test's own database index); the S3 endpoint is a port nobody listens on.
    const server = await startServer({
      LOG_LEVEL: 'silent',
      REDIS_URL: 'redis://127.0.0.1:6379/3',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_BUCKET: 'sopka-missing',
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    });
    try {
      const started = Date.now();
      const ready = await fetch(`${BASE}/api/ready`);
      expect(ready.status).toBe(503);
      expect(ready.headers.get('content-type')).toContain('application/problem+json');
      expect(ready.headers.get('cache-control')).toBe('no-store');
      const problem = (await ready.json()) as { detail: string; errors: Record<string, string[]> };
      expect(problem.detail).toBe('Not ready: storage.');
      expect(Object.keys(problem.errors)).toEqual(['storage']);
      // The checks run in parallel, each bounded by 2 s.
      expect(Date.now() - started).toBeLessThan(4_000);
      // Liveness does not depend on them.
      expect((await fetch(`${BASE}/api/health`)).status).toBe(200);
    } finally {
      await stopServer(server);
    }
  });

  it('on SIGTERM refuses new connections, finishes the request in flight, closes idle connections and exits 0', async () => {
    const server = await startServer();
    try {
      // A kept-alive connection that is idle when the signal comes.
      const idle = rawConnection();
      idle.send('/api/health');
      await until(() => idle.state.received.includes('"status":"ok"'), 5_000);
      // A request still running when the signal comes.
      const busy = rawConnection();
      busy.send('/api/v1/test/slow?ms=5000');
      await until(() => busy.state.received.includes('started'), 10_000);
      // A live event stream, open for as long as its client likes: the drain ends it rather than waiting for it.
      const stream = await openEventStream();

      const signalled = Date.now();
      server.process.kill('SIGTERM');
      await until(connectionRefused, 5_000);
      // A request that reaches the server during the drain (on the busy connection): readiness says 503.
      busy.send('/api/ready');

      const code = await server.exited;
      expect(code).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(10_000);
      await until(() => busy.state.closed && idle.state.closed, 5_000);
      expect(await stream.ended).toContain(': open');

      const [slow, ready] = busy.state.received.split(/(?=HTTP\/1\.1 )/);
      expect(slow).toMatch(/^HTTP\/1\.1 200 /);
      expect(slow).toContain('finished');
      expect(ready).toMatch(/^HTTP\/1\.1 503 /);
      expect(ready.toLowerCase()).toContain('connection: close');
      expect(ready).toContain('This process is shutting down.');

      const entries = logEntries(server);
      expect(entries).toContainEqual(expect.objectContaining({ path: '/api/v1/test/slow', status: 200 }));
      expect(entries.at(-1)).toMatchObject({ msg: 'stopped', drained: true });
      expect(entries.some((entry) => entry.msg === 'closing failed')).toBe(false);
    } finally {
      await stopServer(server);
    }
  });

  it('on SIGTERM keeps the database open until the work of a request whose client left is done', async () => {
    const server = await startServer();
    try {
      // As a page render that Next goes on with after its client left: steps of computing, each with a query.
      const gone = rawConnection();
      gone.send('/api/v1/test/slow?ms=0&work=60');
      await until(() => gone.state.received.includes('started'), 10_000);
      gone.socket.destroy();
      server.process.kill('SIGTERM');

      expect(await server.exited).toBe(0);
      const entries = logEntries(server);
      expect(entries).toContainEqual(expect.objectContaining({ msg: 'test work finished', steps: 60 }));
      expect(entries.filter((entry) => Number(entry.level) >= 50)).toEqual([]);
      expect(entries.at(-1)).toMatchObject({ msg: 'stopped', drained: true });
    } finally {
      await stopServer(server);
    }
  });

  it('cuts a request still running 10 s after SIGTERM, and says so with exit code 1', async () => {
    const server = await startServer();
    try {
      const busy = rawConnection();
      busy.send('/api/v1/test/slow?ms=30000');
      await until(() => busy.state.received.includes('started'), 10_000);
      const signalled = Date.now();
      server.process.kill('SIGTERM');
      expect(await server.exited).toBe(1);
      const elapsed = Date.now() - signalled;
      expect(elapsed).toBeGreaterThanOrEqual(10_000);
      expect(elapsed).toBeLessThan(14_000);
      await until(() => busy.state.closed, 5_000);
      expect(busy.state.received).not.toContain('finished');
      expect(logEntries(server).at(-1)).toMatchObject({ msg: 'stopped', drained: false });
    } finally {
      await stopServer(server);
    }
  });
});
