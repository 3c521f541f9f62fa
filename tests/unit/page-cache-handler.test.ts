import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { nodeFs } from 'next/dist/server/lib/node-fs-methods';
import type { CachedRouteKind, IncrementalCacheKind } from 'next/dist/server/response-cache/types';
import PageCacheHandler from '@/lib/server/cache/page-cache-handler.mjs';

// Next's kinds are const enums, which isolated modules cannot read: their values, typed as the members.
const PAGE_VALUE = 'APP_PAGE' as CachedRouteKind.APP_PAGE;
const PAGE_LOOKUP = 'APP_PAGE' as IncrementalCacheKind.APP_PAGE;
const FETCH_VALUE = 'FETCH' as CachedRouteKind.FETCH;
const FETCH_LOOKUP = 'FETCH' as IncrementalCacheKind.FETCH;

const distDir = mkdtempSync(join(tmpdir(), 'sopka-page-cache-'));
afterAll(() => rmSync(distDir, { recursive: true, force: true }));

const handler = new PageCacheHandler({
  fs: nodeFs,
  serverDistDir: distDir,
  flushToDisk: true,
  maxMemoryCacheSize: 1_000_000,
  revalidatedTags: [],
  _requestHeaders: {},
});
const pageContext = { kind: PAGE_LOOKUP, isRoutePPREnabled: false, isFallback: false };
const html = '<!DOCTYPE html><html lang="ru"><body><h1>Ларги на камнях 🦭</h1></body></html>';

/** The HTML of a cached page as the handler hands it to Next. */
async function cachedHtml(key: string): Promise<unknown> {
  const entry = await handler.get(key, pageContext as never);
  return (entry?.value as { html?: unknown } | undefined)?.html;
}

/** Every file the store has written under the build's folder. */
const filesOnDisk = () =>
  readdirSync(distDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

async function cachePage(key: string, tags = '', status = 200) {
  await handler.set(
    key,
    {
      kind: PAGE_VALUE,
      html,
      rscData: Buffer.from('0:{}'),
      headers: tags ? { 'x-next-cache-tags': tags } : {},
      status,
      postponed: undefined,
      segmentData: undefined,
    },
    { ...pageContext, cacheControl: { revalidate: 60, expire: undefined } } as never,
  );
}

describe('the page cache handler', () => {
  it('hands out a cached page as the UTF-8 bytes of its HTML', async () => {
    await cachePage('/ru/go/abc');
    const page = await cachedHtml('/ru/go/abc');
    expect(Buffer.isBuffer(page)).toBe(true);
    expect((page as Buffer).toString('utf8')).toBe(html);
  });

  it('encodes a page once: later answers reuse the same bytes', async () => {
    await cachePage('/en/go/abc');
    const first = await cachedHtml('/en/go/abc');
    expect(Buffer.isBuffer(first)).toBe(true);
    expect(await cachedHtml('/en/go/abc')).toBe(first);
  });

  it('keeps Next’s own store behind it: unknown pages miss, and a revalidated tag drops its pages', async () => {
    expect(await handler.get('/ru/go/unknown', pageContext as never)).toBeNull();
    await cachePage('/zh-CN/go/abc', '_N_T_/zh-CN/go/abc');
    expect(await handler.get('/zh-CN/go/abc', pageContext as never)).not.toBeNull();
    // Next drops a page whose tag was revalidated after it was cached, strictly, to the millisecond.
    const cachedAt = Date.now();
    while (Date.now() <= cachedAt) await new Promise((resolve) => setTimeout(resolve, 1));
    await handler.revalidateTag('_N_T_/zh-CN/go/abc');
    expect(await handler.get('/zh-CN/go/abc', pageContext as never)).toBeNull();
  });

  it('does not keep a page whose render began before a write to it was invalidated, then keeps the next render', async () => {
    const key = '/en/go/slow-render';
    const tag = '_N_T_/en/go/slow-render';
    // The lookup misses: a render begins, reading the idea as it is now.
    expect(await handler.get(key, pageContext as never)).toBeNull();
    const renderBegan = Date.now();
    while (Date.now() <= renderBegan) await new Promise((resolve) => setTimeout(resolve, 1));
    // A write lands while it renders (the database answered slowly), and drops the idea's pages.
    await handler.revalidateTag(tag);
    // The slow render ends: what it shows is older than the write, so it must not be served from now on.
    await cachePage(key, tag);
    expect(await handler.get(key, pageContext as never)).toBeNull();
    // That lookup began a render after the write: it is kept.
    await cachePage(key, tag);
    expect(await cachedHtml(key)).toBeInstanceOf(Buffer);
  });

  it('keeps a page on disk, but a page that answers 404 in memory only, so made-up ids cannot fill the disk', async () => {
    await cachePage('/ru/listing/category_id=2');
    await cachePage('/ru/listing/place_id=999999', '', 404);
    expect(filesOnDisk()).toContain('category_id=2.html');
    expect(filesOnDisk().filter((name) => name.includes('999999'))).toEqual([]);
    const missing = await handler.get('/ru/listing/place_id=999999', pageContext as never);
    expect(missing?.value).toMatchObject({ status: 404 });
  });

  it('leaves data that is not a page as Next stored it', async () => {
    const data = { headers: {}, body: 'eyJ9', status: 200, url: 'https://example.test/' };
    await handler.set('fetch-key', { kind: FETCH_VALUE, data, revalidate: 60 }, {
      fetchCache: true,
      tags: [],
    } as never);
    const entry = await handler.get('fetch-key', { kind: FETCH_LOOKUP, tags: [], softTags: [] } as never);
    expect(entry?.value).toMatchObject({ kind: FETCH_VALUE, data });
  });
});
