import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { GET as events } from '@/app/api/v1/events/route';
import { POST as recordTestEvent } from '@/app/api/v1/test/events/route';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS } from '@/lib/server/demo/content/ideas';
import { HEARTBEAT_MS } from '@/lib/server/events/streams';
import { openStreamCount } from '@/lib/server/events/streams';
import { serveEventsBeforeNext } from '@/lib/server/events/serve-events';
import { STREAM_LIFETIME_MS } from '@/lib/server/events/event-stream';
import { apiDatabaseForFile, call, signInHeaders } from '../support/api';

// Only the heartbeat's interval is driven by the test; reads and the database keep real time.
vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
afterAll(() => vi.useRealTimers());

apiDatabaseForFile({ EVENTS_MAX_STREAMS_PER_USER: '3' });

interface SseEvent {
  id?: string;
  event?: string;
  data?: unknown;
  comment?: string;
}

/** GET /api/v1/events as a client would read it: parsed events as they come, and a way to hang up. */
async function open(headers: Record<string, string>) {
  const abort = new AbortController();
  const request = new NextRequest('http://localhost:3000/api/v1/events', { headers, signal: abort.signal });
  const response = await events(request, { params: Promise.resolve({}) });
  const received: SseEvent[] = [];
  let closed = false;
  if (response.status === 200) {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = {};
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) event.comment = line.slice(1).trim();
            else if (line.startsWith('id: ')) event.id = line.slice(4);
            else if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) event.data = JSON.parse(line.slice(6));
          }
          received.push(event);
        }
      }
      closed = true;
    })();
  }
  return {
    response,
    received,
    messages: () => received.filter((event) => event.event),
    closed: () => closed,
    close: () => abort.abort(),
  };
}

async function until(condition: () => boolean, ms = 3_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function account(index: number) {
  const headers = await signInHeaders(SEED_AUTHORS[index].email, AUTHOR_PASSWORD);
  const token = headers.authorization.slice('Bearer '.length);
  const userId = Number(JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub);
  return { headers, userId };
}

/** A fresh sign-in's session cookie (as the browser keeps it), its access token and its user id. */
async function cookieSession(index: number) {
  const { POST: login } = await import('@/app/api/v1/auth/login/route');
  const { headers, body } = await call(login, '/api/v1/auth/login', {
    json: { email: SEED_AUTHORS[index].email, password: AUTHOR_PASSWORD },
  });
  const cookie = headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const userId = Number(JSON.parse(Buffer.from(body.token.split('.')[1], 'base64url').toString()).sub);
  return { cookie, token: body.token as string, userId };
}

async function record(userIds: number[], type: string, payload: Record<string, unknown>) {
  const { status } = await call(recordTestEvent, '/api/v1/test/events', { json: { user_ids: userIds, type, payload } });
  expect(status).toBe(204);
}

describe('GET /api/v1/events', () => {
  it('answers 401 problem+json without a token, and with a bad one', async () => {
    for (const headers of [{}, { authorization: 'Bearer nonsense' }] as Record<string, string>[]) {
      const { status, contentType, body } = await call(events, '/api/v1/events', { headers });
      expect(status).toBe(401);
      expect(contentType).toContain('application/problem+json');
      expect(body.status).toBe(401);
    }
  });

  it('opens with the session cookie alone, as an EventSource would, and not once the session has ended', async () => {
    const { POST: logout } = await import('@/app/api/v1/auth/logout/route');
    const { cookie, token, userId } = await cookieSession(2);
    const stream = await open({ cookie });
    expect(stream.response.status).toBe(200);
    await until(() => stream.received.length > 0);
    await record([userId], 'message', { text: 'by cookie' });
    await until(() => stream.messages().length === 1);
    stream.close();
    const { status } = await call(logout, '/api/v1/auth/logout', {
      headers: { authorization: `Bearer ${token}`, cookie },
    });
    expect(status).toBeLessThan(300);
    expect((await call(events, '/api/v1/events', { headers: { cookie } })).status).toBe(401);
    expect((await call(events, '/api/v1/events', { headers: { cookie: 'sopka_session=forged' } })).status).toBe(401);
  });

  it("streams the user's own events as they are recorded, never another user's", async () => {
    const [anna, boris] = [await account(0), await account(1)];
    const stream = await open(anna.headers);
    expect(stream.response.headers.get('content-type')).toContain('text/event-stream');
    expect(stream.response.headers.get('x-accel-buffering')).toBe('no');
    await until(() => stream.received.length > 0);
    await record([boris.userId], 'message', { text: 'for Boris' });
    await record([anna.userId], 'message', { conversation: 7, text: 'for Anna' });
    await record([anna.userId, boris.userId], 'booking', { booking: 3, status: 'confirmed' });
    await until(() => stream.messages().length === 2);
    expect(stream.messages()).toEqual([
      { id: expect.stringMatching(/^\d+$/), event: 'message', data: { conversation: 7, text: 'for Anna' } },
      { id: expect.stringMatching(/^\d+$/), event: 'booking', data: { booking: 3, status: 'confirmed' } },
    ]);
    stream.close();
  });

  it('resumes after Last-Event-ID with only the later events', async () => {
    const anna = await account(0);
    const first = await open(anna.headers);
    await record([anna.userId], 'read', { n: 1 });
    await until(() => first.messages().length === 1);
    first.close();
    await record([anna.userId], 'read', { n: 2 });
    await record([anna.userId], 'read', { n: 3 });
    const resumed = await open({ ...anna.headers, 'last-event-id': first.messages()[0].id! });
    await until(() => resumed.messages().length === 2);
    expect(resumed.messages().map((event) => event.data)).toEqual([{ n: 2 }, { n: 3 }]);
    expect(resumed.received[0].comment).toBe('open');
    resumed.close();
  });

  it('sends a heartbeat comment while nothing happens', async () => {
    const anna = await account(0);
    const stream = await open(anna.headers);
    await until(() => stream.received.length > 0);
    vi.advanceTimersByTime(HEARTBEAT_MS);
    await until(() => stream.received.some((event) => event.comment === 'heartbeat'));
    stream.close();
  });

  it('ends a stream at its first heartbeat after its lifetime: the client reconnects, its session checked again', async () => {
    const anna = await account(0);
    const stream = await open(anna.headers);
    await until(() => stream.received.length > 0);
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + STREAM_LIFETIME_MS);
    try {
      vi.advanceTimersByTime(HEARTBEAT_MS);
      await until(() => stream.closed());
      expect(stream.received.some((event) => event.comment === 'heartbeat')).toBe(false);
    } finally {
      clock.mockRestore();
    }
  });

  it('ends the stream and forgets it when the client hangs up', async () => {
    const anna = await account(0);
    const before = openStreamCount();
    const stream = await open(anna.headers);
    expect(openStreamCount()).toBe(before + 1);
    stream.close();
    await until(() => stream.closed());
    expect(openStreamCount()).toBe(before);
  });

  it('refuses a stream beyond the per-user limit with 429 and Retry-After', async () => {
    const anna = await account(0);
    await until(() => openStreamCount() === 0);
    const streams = [await open(anna.headers), await open(anna.headers), await open(anna.headers)];
    const refused = await call(events, '/api/v1/events', { headers: anna.headers });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    for (const stream of streams) stream.close();
  });
});

describe('GET /api/v1/events served before Next', () => {
  /** A server whose own handler stands for Next: it answers whatever the events route leaves to it. */
  async function server() {
    serveEventsBeforeNext();
    const next = http.createServer((request, response) => response.end(`next ${request.method} ${request.url}`));
    await new Promise<void>((resolve) => next.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(next.address() as AddressInfo).port}`;
    const close = () => {
      next.closeAllConnections();
      return new Promise((resolve) => next.close(resolve));
    };
    return { base, close };
  }

  it('answers 401 problem+json with the security headers without a valid token, and leaves other requests to Next', async () => {
    const { base, close } = await server();
    try {
      for (const headers of [{}, { authorization: 'Bearer nonsense' }] as Record<string, string>[]) {
        const response = await fetch(`${base}/api/v1/events`, { headers });
        expect(response.status).toBe(401);
        expect(response.headers.get('content-type')).toContain('application/problem+json');
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect((await response.json()).status).toBe(401);
      }
      expect(await (await fetch(`${base}/api/v1/events/more`)).text()).toBe('next GET /api/v1/events/more');
      expect(await (await fetch(`${base}/api/v1/events`, { method: 'POST' })).text()).toBe('next POST /api/v1/events');
    } finally {
      await close();
    }
  });

  it('opens a stream before Next with the session cookie alone', async () => {
    const { base, close } = await server();
    const abort = new AbortController();
    try {
      const { cookie } = await cookieSession(3);
      const response = await fetch(`${base}/api/v1/events`, { headers: { cookie }, signal: abort.signal });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      const forged = await fetch(`${base}/api/v1/events`, { headers: { cookie: 'sopka_session=forged%zz' } });
      expect(forged.status).toBe(401);
    } finally {
      abort.abort();
      await close();
    }
  });

  it('streams the user’s events as the route does, resumes after Last-Event-ID and forgets a stream whose client left', async () => {
    const { base, close } = await server();
    const anna = await account(0);
    const abort = new AbortController();
    try {
      await record([anna.userId], 'read', { n: 1 });
      const before = openStreamCount();
      const response = await fetch(`${base}/api/v1/events`, { headers: anna.headers, signal: abort.signal });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/event-stream');
      expect(response.headers.get('x-accel-buffering')).toBe('no');
      let text = '';
      const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
      void (async () => {
        for (let read = await reader.read(); !read.done; read = await reader.read()) text += read.value;
      })().catch(() => undefined);
      await until(() => text.includes(': open'));
      expect(openStreamCount()).toBe(before + 1);
      await record([anna.userId], 'message', { text: 'before Next' });
      await until(() => text.includes('before Next'));
      expect(text).toMatch(/id: \d+\nevent: message\ndata: \{"text":"before Next"\}\n\n/);
      expect(text).not.toContain('"n":1');
      const lastId = /id: (\d+)/.exec(text)![1];
      abort.abort();
      await until(() => openStreamCount() === before);

      await record([anna.userId], 'read', { n: 2 });
      const resumed = await fetch(`${base}/api/v1/events`, { headers: { ...anna.headers, 'last-event-id': lastId } });
      const replay = resumed.body!.pipeThrough(new TextDecoderStream()).getReader();
      let replayed = '';
      while (!replayed.includes('"n":2')) replayed += (await replay.read()).value;
      await replay.cancel();
      expect(replayed).not.toContain('before Next');
    } finally {
      abort.abort();
      await close();
    }
  });
});
