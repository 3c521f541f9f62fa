/**
 * Two app processes that share nothing but a bucket (each its own DATA_DIR, as on two machines): a photo uploaded
 * through the first is served by the second, directly and through the image optimizer. Against `next start` of
 * the existing build; skipped when there is none (`npx next build`).
 */
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHOR_PASSWORD } from '@/lib/server/demo/seed';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { seededDataDir, startNextServer, stopNextServer } from '../support/next-server';
import { BUILT } from '../support/server-test';
import { startLocalS3, type LocalS3 } from '../support/s3';

const PORT = Number(process.env.S3_SERVER_TEST_PORT ?? 3191);
const BASE = `http://127.0.0.1:${PORT}`;
const dataDirs: string[] = [];
let s3: LocalS3;

/** A DATA_DIR of its own with a seeded embedded database, like a fresh machine. */
async function machine(): Promise<string> {
  const dataDir = await seededDataDir('sopka-s3-server-');
  dataDirs.push(dataDir);
  return dataDir;
}

beforeAll(async () => {
  if (BUILT) s3 = await startLocalS3();
});
afterAll(async () => {
  await s3?.dispose();
  for (const dataDir of dataDirs) rmSync(dataDir, { recursive: true, force: true });
});

const startServer = (dataDir: string) =>
  startNextServer(PORT, {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ...s3.env('sopka-server-test'),
  });

const ideaId = SEED_IDEAS.findIndex((i) => i.status === 'published' && i.author === 0) + 1;

async function uploadPhoto(): Promise<string> {
  const login = await fetch(`${BASE}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: SEED_AUTHORS[0].email, password: AUTHOR_PASSWORD }),
  });
  const { token } = await login.json();
  const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#0b5d7a' } })
    .jpeg()
    .toBuffer();
  const body = new FormData();
  body.set('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
  const response = await fetch(`${BASE}/api/v1/ideas/${ideaId}/photos`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body,
  });
  expect(response.status).toBe(201);
  return (await response.json()).data.attributes.cover_url;
}

describe.skipIf(!BUILT)('pictures in a bucket, across processes', () => {
  it('serves an upload made through one process from another with its own disk', async () => {
    const first = await machine();
    const second = await machine();
    let server = await startServer(first);
    let coverUrl: string;
    try {
      coverUrl = await uploadPhoto();
    } finally {
      await stopNextServer(server);
    }
    expect(existsSync(path.join(first, 'uploads'))).toBe(false);

    server = await startServer(second);
    try {
      const direct = await fetch(`${BASE}${coverUrl}`);
      expect(direct.status).toBe(200);
      expect(direct.headers.get('content-type')).toBe('image/webp');
      expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await sharp(Buffer.from(await direct.arrayBuffer())).metadata()).toMatchObject({ width: 466 });

      const optimized = await fetch(`${BASE}/_next/image?url=${encodeURIComponent(coverUrl)}&w=360&q=75`, {
        headers: { accept: 'image/webp' },
      });
      expect(optimized.status).toBe(200);
      expect(await sharp(Buffer.from(await optimized.arrayBuffer())).metadata()).toMatchObject({ width: 360 });
    } finally {
      await stopNextServer(server);
    }
  });
});
