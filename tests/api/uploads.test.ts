import { mkdtempSync, readdirSync, readlinkSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as login } from '@/app/api/v1/auth/login/route';
import { POST as addPhoto } from '@/app/api/v1/ideas/[id]/photos/route';
import { POST as setAvatar } from '@/app/api/v1/users/[id]/avatar/route';
import { GET as media } from '@/app/media/[...key]/route';
import { ideas, photos } from '@/lib/server/db/schema';
import { spoolDirectory } from '@/lib/server/http/multipart';
import { limitConcurrency, MAX_UPLOAD_BYTES } from '@/lib/server/ideas/images';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { NextRequest } from 'next/server';
import { setupApiDatabase } from '../support/api';

let database: Awaited<ReturnType<typeof setupApiDatabase>>;
beforeAll(async () => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'sopka-uploads-'));
  database = await setupApiDatabase();
});
afterAll(() => database.dispose());

const ideaIndex = SEED_IDEAS.findIndex((i) => i.status === 'published' && i.author === 0);
const ideaId = ideaIndex + 1;

const photoCount = async () => (await database.db.select().from(photos).where(eq(photos.ideaId, ideaId))).length;

async function token(authorIndex: number) {
  const request = new NextRequest('http://localhost/api/v1/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: SEED_AUTHORS[authorIndex].email, password: AUTHOR_PASSWORD }),
  });
  return (await (await login(request, { params: Promise.resolve({}) })).json()).token as string;
}

async function upload(
  handler: typeof addPhoto,
  url: string,
  id: string,
  body: BodyInit | null,
  headers: Record<string, string>,
) {
  const response = await handler(new NextRequest(new URL(url, 'http://localhost'), { method: 'POST', body, headers }), {
    params: Promise.resolve({ id }),
  });
  return { status: response.status, body: await response.json() };
}

function form(bytes: Uint8Array, name = 'photo.jpg', type = 'image/jpeg') {
  const data = new FormData();
  data.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return data;
}

const jpegWithExif = () =>
  sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#0b5d7a' } })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .toBuffer();

describe('idea photos', () => {
  it('re-encodes to the cover and large sizes without metadata, served with immutable caching', async () => {
    const auth = { authorization: `Bearer ${await token(0)}` };
    const { status, body } = await upload(
      addPhoto,
      `/api/v1/ideas/${ideaId}/photos`,
      String(ideaId),
      form(await jpegWithExif()),
      auth,
    );
    expect(status).toBe(201);
    expect(body.data.attributes).toMatchObject({ width: 1400, height: 1050 });
    const key = body.data.attributes.cover_url.replace('/media/', '');
    const served = await media(new NextRequest(`http://localhost${body.data.attributes.cover_url}`), {
      params: Promise.resolve({ key: key.split('/') }),
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 466, height: 350 });
    expect(meta.exif).toBeUndefined();
    expect(bytes.toString('latin1')).not.toContain('secret-camera-owner');
  });

  it('refuses a script dressed as a PNG, broken files, other people and anonymous callers, storing nothing', async () => {
    const before = await photoCount();
    const auth = { authorization: `Bearer ${await token(0)}` };
    const script = new TextEncoder().encode('<script>alert(1)</script>');
    expect(
      (
        await upload(
          addPhoto,
          `/api/v1/ideas/${ideaId}/photos`,
          String(ideaId),
          form(script, 'evil.png', 'image/png'),
          auth,
        )
      ).status,
    ).toBe(422);
    const truncated = (await jpegWithExif()).subarray(0, 200);
    expect(
      (await upload(addPhoto, `/api/v1/ideas/${ideaId}/photos`, String(ideaId), form(truncated), auth)).status,
    ).toBe(422);
    const broken = await upload(addPhoto, `/api/v1/ideas/${ideaId}/photos`, String(ideaId), '--x\r\nbroken', {
      ...auth,
      'content-type': 'multipart/form-data; boundary=x',
    });
    expect(broken.status).toBe(422);
    expect(
      (
        await upload(addPhoto, `/api/v1/ideas/${ideaId}/photos`, String(ideaId), form(await jpegWithExif()), {
          authorization: `Bearer ${await token(1)}`,
        })
      ).status,
    ).toBe(403);
    expect(
      (await upload(addPhoto, `/api/v1/ideas/${ideaId}/photos`, String(ideaId), form(await jpegWithExif()), {})).status,
    ).toBe(401);
    const huge = await upload(
      addPhoto,
      `/api/v1/ideas/${ideaId}/photos`,
      String(ideaId),
      form(new Uint8Array(11 * 1024 * 1024)),
      auth,
    );
    expect(huge.status).toBe(413);
    expect(await photoCount()).toBe(before);
    const [idea] = await database.db.select().from(ideas).where(eq(ideas.id, ideaId));
    expect(idea.deletedAt).toBeNull();
  });
});

describe('avatars', () => {
  it('sets a 256×256 avatar that /auth/me then shows', async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 4, background: '#ff6b4a' } })
      .png()
      .toBuffer();
    const { status, body } = await upload(setAvatar, '/api/v1/users/1/avatar', '1', form(png, 'me.png', 'image/png'), {
      authorization: `Bearer ${await token(0)}`,
    });
    expect(status).toBe(200);
    expect(body.data.attributes.image_url).toMatch(/^\/media\/avatars\/.+\.webp$/);
    expect(
      (
        await upload(setAvatar, '/api/v1/users/1/avatar', '1', form(png, 'me.png', 'image/png'), {
          authorization: `Bearer ${await token(1)}`,
        })
      ).status,
    ).toBe(403);
  });
});

describe('uploads stream to a temporary file', () => {
  const CHUNK = 64 * 1024;
  const BOUNDARY = 'sopkaTestBoundary7MA4YWxk';
  const headers = async () => ({
    authorization: `Bearer ${await token(0)}`,
    'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
  });
  const partHead = (type = 'image/png') =>
    new TextEncoder().encode(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: ${type}\r\n\r\n`,
    );
  const partEnd = new TextEncoder().encode(`\r\n--${BOUNDARY}--\r\n`);
  const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

  /**
   * A multipart body made chunk by chunk as it is pulled (a file of `fileBytes` that starts like a PNG), counting
   * what the server pulled; `stallAfter` bytes into the file it stops sending (a client gone quiet), `failAfter` it
   * breaks (a client gone).
   */
  function lazyUpload(fileBytes: number, { stallAfter = Infinity, failAfter = Infinity } = {}) {
    const state = { pulledBytes: 0, cancelled: false, stalled: false };
    let sent = -1;
    const stream = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          let chunk: Uint8Array;
          if (sent < 0) {
            chunk = partHead();
            sent = 0;
          } else if (sent >= failAfter) {
            return controller.error(new Error('the client went away'));
          } else if (sent >= stallAfter) {
            state.stalled = true;
            return new Promise<void>(() => undefined);
          } else if (sent < fileBytes) {
            chunk = new Uint8Array(Math.min(CHUNK, fileBytes - sent));
            if (sent === 0) chunk.set(PNG_SIGNATURE);
            sent += chunk.byteLength;
          } else {
            controller.enqueue(partEnd);
            return controller.close();
          }
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

  async function send(stream: ReadableStream<Uint8Array>, extra: Record<string, string> = {}, signal?: AbortSignal) {
    const request = new NextRequest(new URL(`/api/v1/ideas/${ideaId}/photos`, 'http://localhost'), {
      method: 'POST',
      body: stream,
      headers: { ...(await headers()), ...extra },
      signal,
      duplex: 'half',
    } as ConstructorParameters<typeof NextRequest>[1]);
    const response = await addPhoto(request, { params: Promise.resolve({ id: String(ideaId) }) });
    return {
      status: response.status,
      type: response.headers.get('content-type'),
      connection: response.headers.get('connection'),
      body: await response.json(),
    };
  }

  /** The spool is empty, and no deleted temporary file is still held open by this process. */
  function expectNoTemporaryFile() {
    let left: string[] = [];
    try {
      left = readdirSync(spoolDirectory());
    } catch {
      // Never created: nothing was spooled.
    }
    expect(left).toEqual([]);
    let open: string[] = [];
    try {
      open = readdirSync('/proc/self/fd')
        .map((fd) => {
          try {
            return readlinkSync(`/proc/self/fd/${fd}`);
          } catch {
            return '';
          }
        })
        .filter((target) => target.startsWith(spoolDirectory()));
    } catch {
      // No /proc here.
    }
    expect(open).toEqual([]);
  }

  it('refuses a 50 MB body with a 413 without reading it to its end or keeping it', async () => {
    const before = await photoCount();
    const { stream, state } = lazyUpload(50 * 1024 * 1024);
    const result = await send(stream);
    expect(result.status).toBe(413);
    expect(result.type).toBe('application/problem+json');
    expect(result.connection).toBe('close');
    expect(result.body.detail).toBe('Pictures may be at most 10 MB.');
    // The file's limit plus the part's head and at most one chunk in flight: 40 MB were never pulled.
    expect(state.pulledBytes).toBeLessThanOrEqual(MAX_UPLOAD_BYTES + 2 * CHUNK);
    expect(state.cancelled).toBe(true);
    expect(await photoCount()).toBe(before);
    expectNoTemporaryFile();
  });

  it('takes a file of exactly 10 MB in (then finds it unreadable) and refuses one byte more', async () => {
    const atLimit = await send(lazyUpload(MAX_UPLOAD_BYTES).stream);
    expect(atLimit.status).toBe(422);
    expect(atLimit.body.errors).toEqual({ file: ['This picture cannot be read. Try another file.'] });
    expect((await send(lazyUpload(MAX_UPLOAD_BYTES + 1).stream)).status).toBe(413);
    expectNoTemporaryFile();
  });

  it('leaves no temporary file after a success, a refusal or a client that goes away', async () => {
    const auth = { authorization: `Bearer ${await token(0)}` };
    const url = `/api/v1/ideas/${ideaId}/photos`;
    expect((await upload(addPhoto, url, String(ideaId), form(await jpegWithExif()), auth)).status).toBe(201);
    expectNoTemporaryFile();
    const script = new TextEncoder().encode('<script>alert(1)</script>');
    expect((await upload(addPhoto, url, String(ideaId), form(script, 'evil.png', 'image/png'), auth)).status).toBe(422);
    expectNoTemporaryFile();
    expect((await upload(addPhoto, url, String(ideaId), form(await jpegWithExif()), {})).status).toBe(401);
    expectNoTemporaryFile();
    // The body breaks off 3 MB into the file: 400, and what was spooled is gone.
    const broken = lazyUpload(8 * 1024 * 1024, { failAfter: 3 * 1024 * 1024 });
    const cut = await send(broken.stream);
    expect(cut.status).toBe(400);
    expect(cut.body.detail).toBe('The body was not received completely.');
    expectNoTemporaryFile();
    // The client goes quiet 2 MB into the file, then its request is aborted.
    const quiet = lazyUpload(8 * 1024 * 1024, { stallAfter: 2 * 1024 * 1024 });
    const controller = new AbortController();
    const answer = send(quiet.stream, {}, controller.signal);
    await expect.poll(() => quiet.state.stalled).toBe(true);
    // Meanwhile what arrived waits on disk, not in memory.
    await expect
      .poll(() => readdirSync(spoolDirectory()).map((name) => statSync(path.join(spoolDirectory(), name)).size))
      .toEqual([2 * 1024 * 1024]);
    controller.abort();
    expect((await answer).status).toBe(400);
    expectNoTemporaryFile();
  });

  it('re-encodes a burst of uploads a few at a time, every one of them answered', async () => {
    const png = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2a9d8f' } })
      .png()
      .toBuffer();
    const auth = { authorization: `Bearer ${await token(0)}` };
    const results = await Promise.all(
      Array.from({ length: 6 }, () =>
        upload(setAvatar, '/api/v1/users/1/avatar', '1', form(png, 'me.png', 'image/png'), auth),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expectNoTemporaryFile();
  });
});

describe('limitConcurrency', () => {
  it('runs at most `max` tasks at once, the others in their order of arrival', async () => {
    const run = limitConcurrency(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (n: number) => async () => {
      started.push(n);
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      if (n === 3) throw new Error('a failed task frees its turn too');
      return n;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((n) => run(task(n))));
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
  });
});
