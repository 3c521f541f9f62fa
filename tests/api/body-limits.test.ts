import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/v1/auth/login/route';
import { POST as addPhoto } from '@/app/api/v1/ideas/[id]/photos/route';
import { POST as setAvatar } from '@/app/api/v1/users/[id]/avatar/route';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS } from '@/lib/server/demo/content/ideas';
import { setupApiDatabase, signInHeaders } from '../support/api';

let database: Awaited<ReturnType<typeof setupApiDatabase>>;
beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'sopka-body-limits-'));
  database = await setupApiDatabase();
});
afterAll(() => database.dispose());

const CHUNK = 16 * 1024;
const JSON_LIMIT = 64 * 1024;
const UPLOAD_LIMIT = 10 * 1024 * 1024 + 64 * 1024;

/** An endless body made chunk by chunk on demand; counts what the server pulled and whether it gave up. */
function endlessBody(first: string) {
  const state = { pulledBytes: 0, cancelled: false };
  const head = new TextEncoder().encode(first);
  const filler = new Uint8Array(CHUNK).fill(0x61);
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        const chunk = state.pulledBytes === 0 ? head : filler;
        state.pulledBytes += chunk.byteLength;
        controller.enqueue(chunk);
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

function streamingRequest(url: string, body: ReadableStream<Uint8Array>, headers: Record<string, string>) {
  return new NextRequest(new URL(url, 'http://localhost'), {
    method: 'POST',
    body,
    headers,
    duplex: 'half',
  } as ConstructorParameters<typeof NextRequest>[1]);
}

/** A body whose every pull fails the test: for requests that must be refused without reading. */
function untouchableBody() {
  const state = { pulled: false };
  const stream = new ReadableStream<Uint8Array>({ pull: () => void (state.pulled = true) }, { highWaterMark: 0 });
  return { stream, state };
}

async function answer(response: Response) {
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    connection: response.headers.get('connection'),
    body: await response.json(),
  };
}

describe('request bodies are limited while they stream', () => {
  it('an endless chunked JSON body to /auth/login gets a 413 after at most the limit plus one chunk', async () => {
    const { stream, state } = endlessBody('{"email":"a@b.c","password":"');
    const response = await login(
      streamingRequest('/api/v1/auth/login', stream, { 'content-type': 'application/json' }),
      { params: Promise.resolve({}) },
    );
    const result = await answer(response);
    expect(result.status).toBe(413);
    expect(result.type).toBe('application/problem+json');
    expect(result.connection).toBe('close');
    expect(state.pulledBytes).toBeLessThanOrEqual(JSON_LIMIT + CHUNK);
    expect(state.cancelled).toBe(true);
  });

  it('a JSON body declaring a Content-Length over 64 KB gets a 413 without being read', async () => {
    const { stream, state } = untouchableBody();
    const response = await login(
      streamingRequest('/api/v1/auth/login', stream, {
        'content-type': 'application/json',
        'content-length': String(JSON_LIMIT + 1),
      }),
      { params: Promise.resolve({}) },
    );
    expect((await answer(response)).status).toBe(413);
    expect(state.pulled).toBe(false);
  });

  it('a JSON body just under the limit is still read', async () => {
    const password = 'x'.repeat(JSON_LIMIT - 100);
    const response = await login(
      new NextRequest('http://localhost/api/v1/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.com', password }),
      }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).not.toBe(413);
    expect(response.status).toBeLessThan(500);
  });

  it('an endless chunked multipart upload (photo and avatar) gets a 413 after at most the limit plus one chunk', async () => {
    const author = SEED_AUTHORS[0];
    const auth = await signInHeaders(author.email, AUTHOR_PASSWORD);
    const headers = { ...auth, 'content-type': 'multipart/form-data; boundary=XYZ' };
    const head =
      '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n';
    for (const [handler, url] of [
      [addPhoto, '/api/v1/ideas/1/photos'],
      [setAvatar, '/api/v1/users/1/avatar'],
    ] as const) {
      const { stream, state } = endlessBody(head);
      const result = await answer(
        await handler(streamingRequest(url, stream, headers), { params: Promise.resolve({ id: '1' }) }),
      );
      expect(result.status, url).toBe(413);
      expect(result.connection).toBe('close');
      expect(state.pulledBytes).toBeLessThanOrEqual(UPLOAD_LIMIT + CHUNK);
      expect(state.cancelled).toBe(true);
    }
  });

  it('an upload declaring a Content-Length over the limit gets a 413 without being read', async () => {
    const auth = await signInHeaders(SEED_AUTHORS[0].email, AUTHOR_PASSWORD);
    const { stream, state } = untouchableBody();
    const response = await setAvatar(
      streamingRequest('/api/v1/users/1/avatar', stream, {
        ...auth,
        'content-type': 'multipart/form-data; boundary=XYZ',
        'content-length': String(UPLOAD_LIMIT + 1),
      }),
      { params: Promise.resolve({ id: '1' }) },
    );
    expect((await answer(response)).status).toBe(413);
    expect(state.pulled).toBe(false);
  });
});
