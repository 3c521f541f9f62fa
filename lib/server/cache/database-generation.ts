import 'server-only';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getDb } from '../db';
import { databaseIdentity } from '../db/schema';
import { logger } from '../ops/logger';
import { redisClient } from './redis';

/** Where Next keeps the pages it renders at run time (next/dist/server/lib/route-cache-key.js ROUTE_CACHE_DIRECTORY). */
const ROUTE_CACHE = path.join(process.cwd(), '.next', 'server', 'route-cache');
/** Which database the pages under ROUTE_CACHE were rendered from (beside it, so that dropping it keeps this). */
const ROUTE_CACHE_DATABASE = `${ROUTE_CACHE}.database`;
/** How long start-up waits for Redis before leaving its pages as they are. */
const REDIS_READY_TIMEOUT_MS = 5_000;

const readOrNull = (file: string) => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
};

/**
 * Called at start-up, before the first request: pages cached from another database (a fresh one, or one restored
 * from a backup, which gets a generation of its own: lib/server/ops/backup/restore.ts) are dropped, on disk and in
 * Redis, so no page shows rows from before it. Without an answer from the database the disk's pages go all the same
 * (rendering them again is cheap); Redis's stay until a process starts that can tell.
 */
export async function dropPagesOfOtherDatabases(): Promise<void> {
  let generation: string;
  try {
    const db = await getDb();
    const [row] = await db.select({ generation: databaseIdentity.generation }).from(databaseIdentity).limit(1);
    generation = row.generation;
  } catch (error) {
    logger().warn({ err: error }, 'database generation unknown at start: dropping the pages cached on disk');
    rmSync(ROUTE_CACHE, { recursive: true, force: true });
    rmSync(ROUTE_CACHE_DATABASE, { force: true });
    return;
  }
  if (readOrNull(ROUTE_CACHE_DATABASE) !== generation) {
    rmSync(ROUTE_CACHE, { recursive: true, force: true });
    mkdirSync(path.dirname(ROUTE_CACHE_DATABASE), { recursive: true });
    writeFileSync(ROUTE_CACHE_DATABASE, generation);
  }
  await dropSharedPagesOfOtherDatabases(generation);
}

/** The shared page store's keys of this build (lib/server/cache/redis-page-cache-handler.mjs builds the same prefix). */
function sharedPagePrefix(): string | null {
  const buildId = readOrNull(path.join(process.cwd(), '.next', 'BUILD_ID'));
  return buildId ? `${process.env.REDIS_KEY_PREFIX || 'sopka:'}pages:${buildId}:` : null;
}

async function dropSharedPagesOfOtherDatabases(generation: string): Promise<void> {
  const client = redisClient();
  const prefix = sharedPagePrefix();
  if (!client || !prefix) return;
  const deadline = Date.now() + REDIS_READY_TIMEOUT_MS;
  while (!client.isReady && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  try {
    const marker = `${prefix}database`;
    if ((await client.get(marker)) === generation) return;
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 1_000 }))
      if (keys.length) await client.unlink(keys);
    await client.set(marker, generation);
    // Every process drops its memory copies (the handler's channel; '*' means all of them).
    await client.publish(`${prefix}revalidated`, '*');
  } catch (error) {
    logger().warn({ err: error }, 'could not compare the shared page store with this database: its pages stay');
  }
}
