import { existsSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListBucketsCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { POST as addPhoto } from '@/app/api/v1/ideas/[id]/photos/route';
import { POST as setAvatar } from '@/app/api/v1/users/[id]/avatar/route';
import { GET as media } from '@/app/media/[...key]/route';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { s3Storage } from '@/lib/server/platform/s3-storage';
import { StorageUnavailableError } from '@/lib/server/platform/storage-driver';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { setupApiDatabase, signInHeaders } from '../support/api';
import { S3_TEST_CREDENTIALS, startLocalS3, type LocalS3 } from '../support/s3';

const BUCKET = 'sopka-test-media';
let s3: LocalS3;
let client: S3Client;
let dataDir: string;
let database: Awaited<ReturnType<typeof setupApiDatabase>>;

beforeAll(async () => {
  s3 = await startLocalS3();
  // The app reads its environment and picks its storage on first use, which comes after this.
  dataDir = mkdtempSync(path.join(tmpdir(), 'sopka-s3-app-'));
  Object.assign(process.env, { DATA_DIR: dataDir, ...s3.env(BUCKET) });
  client = new S3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3_TEST_CREDENTIALS,
  });
  database = await setupApiDatabase();
});
afterAll(async () => {
  client?.destroy();
  await database?.dispose();
  await s3?.dispose();
});

const ideaId = SEED_IDEAS.findIndex((i) => i.status === 'published' && i.author === 0) + 1;
const author = () => signInHeaders(SEED_AUTHORS[0].email, AUTHOR_PASSWORD);

function form(bytes: Buffer, name: string, type: string) {
  const data = new FormData();
  data.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return data;
}

async function upload(handler: typeof addPhoto, url: string, id: string, body: FormData) {
  const request = new NextRequest(new URL(url, 'http://localhost'), {
    method: 'POST',
    body,
    headers: await author(),
  });
  const response = await handler(request, { params: Promise.resolve({ id }) });
  return { status: response.status, body: await response.json() };
}

/** GET /media/<key> through the route handler, as Next calls it. */
async function serve(url: string, handler = media) {
  return handler(new NextRequest(`http://localhost${url}`), {
    params: Promise.resolve({ key: url.replace('/media/', '').split('/') }),
  });
}

async function bucketObject(url: string): Promise<Buffer> {
  const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: url.replace('/media/', '') }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

const photo = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#0b5d7a' } })
    .jpeg()
    .toBuffer();

let coverUrl: string;

describe('uploads with S3_BUCKET set', () => {
  it('creates the bucket on first use and stores both sizes of a photo in it, not on local disk', async () => {
    const before = await client.send(new ListBucketsCommand({}));
    expect(before.Buckets ?? []).toHaveLength(0);

    const { status, body } = await upload(
      addPhoto,
      `/api/v1/ideas/${ideaId}/photos`,
      String(ideaId),
      form(await photo(), 'photo.jpg', 'image/jpeg'),
    );
    expect(status).toBe(201);
    coverUrl = body.data.attributes.cover_url;

    const cover = await sharp(await bucketObject(coverUrl)).metadata();
    expect(cover).toMatchObject({ format: 'webp', width: 466, height: 350 });
    const large = await sharp(await bucketObject(body.data.attributes.large_url)).metadata();
    expect(large).toMatchObject({ format: 'webp', width: 1400 });
    expect(existsSync(path.join(dataDir, 'uploads'))).toBe(false);
  });

  it('serves the stored photo at the same /media URL with its type and a year of immutable caching', async () => {
    const response = await serve(coverUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await response.arrayBuffer()).equals(await bucketObject(coverUrl))).toBe(true);
  });

  it('stores an avatar in the bucket and serves it', async () => {
    const png = await sharp({ create: { width: 800, height: 600, channels: 4, background: '#ff6b4a' } })
      .png()
      .toBuffer();
    const { status, body } = await upload(setAvatar, '/api/v1/users/1/avatar', '1', form(png, 'me.png', 'image/png'));
    expect(status).toBe(200);
    const url: string = body.data.attributes.image_url;
    expect(await sharp(await bucketObject(url)).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    const response = await serve(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
  });

  it('answers 404 for a key that is not in the bucket, and for an unsafe one', async () => {
    for (const url of ['/media/photos/not-there-cover.webp', '/media/seed/..%2Fsecret.webp']) {
      const response = await serve(url);
      expect(response.status).toBe(404);
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('serves an upload of one process from another that starts fresh (its own client and storage)', async () => {
    vi.resetModules();
    const { GET: otherProcessMedia } = await import('@/app/media/[...key]/route');
    expect(otherProcessMedia).not.toBe(media);
    const response = await serve(coverUrl, otherProcessMedia);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(await bucketObject(coverUrl))).toBe(true);
  });

  it('answers 503 problem+json, not 500, while the bucket is down, and serves again once it is back', async () => {
    await s3.stop();
    const started = Date.now();
    const response = await serve(coverUrl);
    expect(response.status).toBe(503);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(response.headers.get('retry-after')).toBe('5');
    expect((await response.json()).status).toBe(503);
    // Refused connections fail at once; only the SDK's one retry and its back-off stand in between.
    expect(Date.now() - started).toBeLessThan(5_000);

    const failed = await upload(
      addPhoto,
      `/api/v1/ideas/${ideaId}/photos`,
      String(ideaId),
      form(await photo(), 'photo.jpg', 'image/jpeg'),
    );
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ status: 503, title: 'Service unavailable' });

    await s3.start();
    const again = await serve(coverUrl);
    expect(again.status).toBe(200);
  });

  it('gives up on a bucket that accepts connections but never answers, within seconds', async () => {
    const sockets = new Set<net.Socket>();
    const hung = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    try {
      const storage = s3Storage({
        endpoint: `http://127.0.0.1:${(hung.address() as net.AddressInfo).port}`,
        bucket: BUCKET,
        region: 'us-east-1',
        ...S3_TEST_CREDENTIALS,
        forcePathStyle: true,
      });
      const started = Date.now();
      await expect(storage.get('photos/any-cover.webp')).rejects.toBeInstanceOf(StorageUnavailableError);
      // Two attempts of at most 3 s of silence each, and the SDK's back-off between them.
      expect(Date.now() - started).toBeLessThan(9_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => hung.close(resolve));
    }
  });
});
