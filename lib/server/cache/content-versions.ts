import 'server-only';
import { cache } from 'react';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { contentVersion } from '../db/schema';

/** Row 1 of content_version: raised by every write to what public answers show (migration 0003). */
export const CONTENT_VERSION_ID = 1;
/** Row 2: raised by every write to places, currencies and categories (migration 0014). */
export const CATALOG_VERSION_ID = 2;

export type ContentVersions = { content: number; catalog: number };

/** Both versions in one statement. */
export async function readContentVersions(db: Db): Promise<ContentVersions> {
  const rows = await db
    .select({ id: contentVersion.id, version: contentVersion.version })
    .from(contentVersion)
    .where(inArray(contentVersion.id, [CONTENT_VERSION_ID, CATALOG_VERSION_ID]));
  const of = (id: number) => rows.find((row) => row.id === id)?.version ?? 0;
  return { content: of(CONTENT_VERSION_ID), catalog: of(CATALOG_VERSION_ID) };
}

/**
 * The versions as a page render reads them: once per render, however many cached answers and catalog lookups the
 * render makes (a filtered listing made three reads of them). A render writes nothing, so one read holds for all of
 * it. Outside a render (route handlers, jobs) React keeps no per-request cache and each call reads afresh.
 */
export const contentVersions = cache(readContentVersions);
