import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET as media } from '@/app/media/[...key]/route';
import { SEED_IDEAS } from '@/lib/server/demo/content/ideas';
import { fileStorage } from '@/lib/server/platform/storage';

// Seeding stores only each idea's cover picture; the rest of its gallery is rendered on the first request.
beforeAll(() => {
  process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), 'sopka-seed-pictures-'));
});

const get = (key: string) =>
  media(new NextRequest(`http://localhost/media/${key}`), { params: Promise.resolve({ key: key.split('/') }) });

const idea = SEED_IDEAS[3];

describe('a seeded gallery picture that is not stored yet', () => {
  it.each([
    ['large', 1400, 1050],
    ['cover', 466, 350],
  ])('is rendered %s on its first request and stored', async (size, width, height) => {
    const key = `seed/${idea.key}-2-${size}.webp`;
    expect(await fileStorage().exists(key)).toBe(false);

    const response = await get(key);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    const body = Buffer.from(await response.arrayBuffer());
    expect(await sharp(body).metadata()).toMatchObject({ format: 'webp', width, height });

    expect(await fileStorage().get(key)).toEqual(body);
  });

  it('is the same picture for requests that arrive together', async () => {
    const key = `seed/${idea.key}-1-cover.webp`;
    const [first, second] = await Promise.all([get(key), get(key)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(Buffer.from(await first.arrayBuffer())).toEqual(Buffer.from(await second.arrayBuffer()));
  });

  it.each([`seed/${idea.key}-4-large.webp`, 'seed/no-such-idea-1-large.webp', 'seed/avatar-nobody.webp'])(
    'is not made up for %s, which no seeded idea has',
    async (key) => {
      expect((await get(key)).status).toBe(404);
      expect(await fileStorage().exists(key)).toBe(false);
    },
  );
});
