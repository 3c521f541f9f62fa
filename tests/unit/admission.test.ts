/**
 * The admission of reads (lib/server/ops/admission.ts) on a real loopback HTTP server: its gate sits where every
 * Node HTTP server of the process hands a request on, as under `next start`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { admitInOrder } from '@/lib/server/ops/admission';

/** A render's kind of work: `steps` slices of `sliceMs` of JavaScript, each followed by a turn of the loop. */
async function compute(steps: number, sliceMs = 20) {
  for (let step = 0; step < steps; step++) {
    const until = performance.now() + sliceMs;
    while (performance.now() < until);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

let server: http.Server | undefined;
/** What the handlers did, in order: "start /a", "end /a". */
let events: string[] = [];
let working = 0;
let mostAtOnce = 0;

async function serve(limit: number) {
  admitInOrder(limit);
  events = [];
  working = 0;
  mostAtOnce = 0;
  server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    events.push(`start ${request.method} ${url.pathname}`);
    working++;
    mostAtOnce = Math.max(mostAtOnce, working);
    if (url.pathname === '/idle') await sleep(Number(url.searchParams.get('ms')));
    else await compute(Number(url.searchParams.get('steps') ?? 1));
    working--;
    events.push(`end ${request.method} ${url.pathname}`);
    response.end('done');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

/** Milliseconds from now until the answer to `path` has been read. */
async function timed(base: string, path: string, init?: RequestInit) {
  const started = performance.now();
  await (await fetch(base + path, init)).text();
  return performance.now() - started;
}

describe('reads admitted in order (REQUEST_CONCURRENCY)', () => {
  it('works on one read at a time when limited to one, in the order they came, so the first is answered long before the last', async () => {
    const base = await serve(1);
    const times = await Promise.all(
      ['/a', '/b', '/c'].map(async (path, index) => {
        await sleep(index * 30);
        return timed(base, `${path}?steps=10`);
      }),
    );
    expect(mostAtOnce).toBe(1);
    expect(events).toEqual(['start GET /a', 'end GET /a', 'start GET /b', 'end GET /b', 'start GET /c', 'end GET /c']);
    // Taken in turns rather than all at once: /a is done in about a third of the time /c takes.
    expect(times[0]).toBeLessThan(times[2] * 0.6);
  });

  it('lets the queue in when the reads in progress only wait (a stalled database, a slow service)', async () => {
    const base = await serve(1);
    const stalled = timed(base, '/idle?ms=2000');
    await sleep(50);
    expect(await timed(base, '/quick')).toBeLessThan(1_000);
    await stalled;
  });

  it('never hands on a read whose client left while it waited', async () => {
    const base = await serve(1);
    const busy = timed(base, '/busy?steps=15');
    await sleep(30);
    const leaving = new AbortController();
    const left = fetch(`${base}/left`, { signal: leaving.signal }).catch(() => 'aborted');
    await sleep(30);
    leaving.abort();
    expect(await left).toBe('aborted');
    await Promise.all([busy, timed(base, '/after')]);
    expect(events.filter((event) => event.startsWith('start'))).toEqual(['start GET /busy', 'start GET /after']);
  });

  it('holds neither writes nor health probes behind the reads', async () => {
    const base = await serve(1);
    const busy = timed(base, '/busy?steps=25');
    await sleep(30);
    const queued = timed(base, '/queued');
    await sleep(30);
    await Promise.all([timed(base, '/write', { method: 'POST', body: 'x' }), timed(base, '/api/health')]);
    expect(events).toEqual(expect.arrayContaining(['end POST /write', 'end GET /api/health']));
    expect(events).not.toContain('end GET /busy');
    await Promise.all([busy, queued]);
    expect(events.indexOf('start GET /queued')).toBeGreaterThan(events.indexOf('end GET /busy'));
  });
});
