import 'server-only';
import path from 'node:path';
import { connect, isEmpty, type Database } from '../db/client';
import { installDatabaseHooks } from '../db/hooks';
import { schedulePurge } from '../db/purge';
import { dataDir, env } from '../platform/env';
import { logger } from '../ops/logger';
import { instrumentPglite, instrumentPool } from '../ops/metrics/database';
import { closeOnShutdown } from '../ops/shutdown';
import { traceEmbeddedQueries } from '../ops/tracing';

/**
 * The app's database as this process runs it: where it is (DATABASE_URL, or PGlite under DATA_DIR), the demo
 * content in an empty one, the hourly purge, closing at shutdown, and its log, metrics and traces. Importing this
 * module installs it (lib/server/db/hooks.ts); every process that opens the database imports it first.
 */
async function open(): Promise<Database> {
  const {
    DATABASE_URL,
    DATABASE_CONNECT_TIMEOUT_MS,
    DATABASE_STATEMENT_TIMEOUT_MS,
    DATABASE_IDLE_TIMEOUT_MS,
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  } = env();
  const timeouts = {
    connect: DATABASE_CONNECT_TIMEOUT_MS,
    statement: DATABASE_STATEMENT_TIMEOUT_MS,
    idle: DATABASE_IDLE_TIMEOUT_MS,
    idleInTransaction: DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
  const database = DATABASE_URL
    ? await connect({ url: DATABASE_URL, timeouts })
    : await connect({ dataDir: path.join(dataDir(), 'db') });
  // An empty database starts with the demo content (normally done already by `npm run db:prepare`), which is
  // loaded only then. A failed open is not kept (getDb), so its connections go too.
  await seedWhenEmpty(database).catch(async (error: unknown) => {
    await database.close().catch(() => undefined);
    throw error;
  });
  // Every process purges on its own schedule; the purge itself makes sure only one works at a time.
  schedulePurge(database.db);
  // The pool's connections end with the process's shutdown, after its last request.
  closeOnShutdown('database', () => database.close());
  return database;
}

async function seedWhenEmpty({ db }: Database): Promise<void> {
  if (!(await isEmpty(db))) return;
  const { seed } = await import('../demo/seed');
  await seed(db, { images: true });
}

installDatabaseHooks({
  // The logger reads the environment on first use, which must not be at import.
  warn: (fields, message) => logger().warn(fields, message),
  error: (fields, message) => logger().error(fields, message),
  instrumentPool,
  instrumentPglite,
  traceEmbeddedQueries,
  open,
});
