import 'server-only';
import { and, asc, between, eq, isNull, max, sql } from 'drizzle-orm';
import { chunkIdRange, IDS_PER_SITEMAP } from '@/lib/seo/sitemap';
import { getDb } from '../db';
import { cachedAnswer } from '../cache/answer-cache';
import { categories, ideas } from '../db/schema';
import { sitemapGuides as guidesWithIdeas } from '../guides/guide';

/** A crawler reads each sitemap once per visit, and the keys are few: keep the answer from the first read. */
const CRAWLED_ONCE = { keepFirst: true };

const published = () => and(eq(ideas.status, 'published'), isNull(ideas.deletedAt));

/**
 * The id ranges holding at least one published idea, with the latest change in each (the index's lastmod).
 * This reads every published idea, so it is kept in the answer cache until the content changes.
 */
export function sitemapIdeaChunks(): Promise<{ chunk: number; lastModified: Date }[]> {
  return cachedAnswer('sitemap:chunks', readIdeaChunks, CRAWLED_ONCE);
}

async function readIdeaChunks() {
  const db = await getDb();
  const chunk = sql<number>`((${ideas.id} - 1) / ${sql.raw(String(IDS_PER_SITEMAP))})::int`;
  const rows = await db
    .select({ chunk, lastModified: max(ideas.updatedAt) })
    .from(ideas)
    .where(published())
    .groupBy(chunk)
    .orderBy(chunk);
  return rows.map((row) => ({ chunk: Number(row.chunk), lastModified: row.lastModified ?? new Date(0) }));
}

/** The published ideas of one id range, in id order: only what a sitemap names (hid and last change). */
export function sitemapIdeas(chunk: number): Promise<{ hid: string; updatedAt: Date }[]> {
  return cachedAnswer(`sitemap:ideas:${chunk}`, () => readChunkIdeas(chunk), CRAWLED_ONCE);
}

async function readChunkIdeas(chunk: number) {
  const db = await getDb();
  const { first, last } = chunkIdRange(chunk);
  return db
    .select({ hid: ideas.hid, updatedAt: ideas.updatedAt })
    .from(ideas)
    .where(and(between(ideas.id, first, last), published()))
    .orderBy(asc(ideas.id));
}

/** Every category id: each category's listing is a page of its own. */
export async function sitemapCategoryIds(): Promise<number[]> {
  const db = await getDb();
  const rows = await db.select({ id: categories.id }).from(categories).orderBy(asc(categories.id));
  return rows.map((row) => row.id);
}

/**
 * Every author with a published idea (the guide pages) and the latest change to each page. Read for the index
 * and the guides' file, so kept in the answer cache until the content changes.
 */
export function sitemapGuides(): Promise<{ hid: string; updatedAt: Date }[]> {
  return cachedAnswer('sitemap:guides', guidesWithIdeas, CRAWLED_ONCE);
}
