import { mkdtempSync } from 'node:fs';
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
import { AUTHOR_PASSWORD } from '@/lib/server/db/seed';
import { SEED_AUTHORS, SEED_IDEAS } from '@/lib/server/db/seed/ideas';
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
