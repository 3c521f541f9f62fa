import 'server-only';
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
}

const MIGRATIONS_FOLDER = path.join(process.cwd(), 'lib/server/db/migrations');

export interface ConnectOptions {
  /** postgres://… — PostgreSQL through a pool; without it, embedded PGlite. */
  url?: string;
  /** PGlite data directory; omitted = in memory (tests). */
  dataDir?: string;
}

/** Opens the database and applies pending migrations. */
export async function connect({ url, dataDir }: ConnectOptions): Promise<Database> {
  if (url) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
    const db = drizzle(pool, { schema });
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite(dataDir);
  const db = drizzle(client, { schema });
  const applied = async () => (await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0].n;
  const before = await applied().catch(() => 0);
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  // PGlite has no autovacuum: after a migration that rewrote rows, index-only scans would visit the heap again.
  if ((await applied()) !== before) await client.exec('vacuum analyze');
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close() };
}

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
