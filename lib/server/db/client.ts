import 'server-only';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { databaseHooks } from './hooks';
import { lockDataDir } from './data-dir-lock';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

const MIGRATIONS_FOLDER = path.join(process.cwd(), 'lib/server/db/migrations');

/** Milliseconds; each bounds how long a request can wait for PostgreSQL (see README, configuration). */
export interface DatabaseTimeouts {
  /** Opening a connection: a server that accepts TCP but never answers fails after this. */
  connect: number;
  /** One statement: the server cancels it (statement_timeout) and the client stops waiting soon after. */
  statement: number;
  /** A pooled connection unused this long is closed. */
  idle: number;
  /** A transaction left open without a statement this long is ended by the server. */
  idleInTransaction: number;
}

/**
 * How like a title's word a search query must be to find it despite a typo (pg_trgm's `<%` operator, which the
 * trigram index serves; its default 0.6 misses one swapped pair of letters in a ten-letter word).
 */
const WORD_SIMILARITY_THRESHOLD = 0.5;

/** The client gives up this long after the statement timeout: the server's own cancel normally comes first. */
const CLIENT_TIMEOUT_MARGIN_MS = 1_000;

export interface ConnectOptions {
  /** postgres://… — PostgreSQL through a pool; without it, embedded PGlite. */
  url?: string;
  /** PGlite data directory; omitted = in memory (tests). */
  dataDir?: string;
  /** PostgreSQL only. */
  timeouts?: Partial<DatabaseTimeouts>;
}

/** A lost connection is an event, never a crash: the pool drops the broken client and opens a new one when needed. */
function logConnectionError(error: Error) {
  databaseHooks().error({ err: error }, 'database connection error');
}

/** Opens the database and applies pending migrations. */
/** The extensions the schema uses, loaded into PGlite (PostgreSQL ships them): trigram search, and btree_gist for
 * the private slots' exclusion constraint. The backup opens a directory with the same. */
export async function embeddedExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gist } = await import('@electric-sql/pglite/contrib/btree_gist');
  return { pg_trgm, btree_gist };
}

export async function connect({ url, dataDir, timeouts }: ConnectOptions): Promise<Database> {
  if (url) {
    const { Pool, Client } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const limits = { connect: 3_000, statement: 5_000, idle: 30_000, idleInTransaction: 10_000, ...timeouts };
    const size = Number(process.env.DATABASE_POOL_SIZE ?? 10);
    const pool = new Pool({
      connectionString: url,
      max: size,
      connectionTimeoutMillis: limits.connect,
      idleTimeoutMillis: limits.idle,
      statement_timeout: limits.statement,
      query_timeout: limits.statement + CLIENT_TIMEOUT_MARGIN_MS,
      idle_in_transaction_session_timeout: limits.idleInTransaction,
      options: `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
    });
    // Idle clients report errors to the pool; a checked-out client between statements reports to itself.
    pool.on('error', logConnectionError);
    pool.on('connect', (client) => client.on('error', logConnectionError));
    // Each statement's time, and the pool's use at scrape time (lib/server/ops/metrics/database.ts).
    const forgetPool = databaseHooks().instrumentPool(pool, size);
    try {
      // The server must answer within the short timeouts first; then migrations may take their time on a connection of their own.
      await pool.query('select 1');
      const migrator = new Client({ connectionString: url, connectionTimeoutMillis: limits.connect });
      migrator.on('error', logConnectionError);
      await migrator.connect();
      try {
        await migrate(drizzle(migrator, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await migrator.end();
      }
    } catch (error) {
      forgetPool();
      await pool.end().catch(() => undefined);
      throw error;
    }
    const db = drizzle(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      close: () => {
        forgetPool();
        return pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const unlock = dataDir ? lockDataDir(dataDir) : () => {};
  let client: InstanceType<typeof PGlite>;
  try {
    client = new PGlite({ dataDir, extensions: await embeddedExtensions() });
    await client.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  const db = drizzle(client, { schema });
  const applied = async () =>
    (await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n;
  const before = await applied().catch(() => 0);
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  // PGlite has no autovacuum: after a migration that rewrote rows, index-only scans would visit the heap again.
  if ((await applied()) !== before) await client.exec('vacuum analyze');
  await client.exec(`set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY_THRESHOLD}`);
  // While tracing is on, a span per query of a traced request (node-postgres has its instrumentation, PGlite none).
  databaseHooks().traceEmbeddedQueries(client);
  // Each statement's time, and whether the database is busy at scrape time (lib/server/ops/metrics/database.ts).
  const forget = databaseHooks().instrumentPglite(client);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: async () => {
      forget();
      await client.close();
      unlock();
    },
  };
}

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** True while no content was ever seeded or entered (no categories): the demo content goes in then. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(schema.categories);
  return row.count === 0;
}
