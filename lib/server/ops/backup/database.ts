import 'server-only';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { embeddedExtensions } from '../../db/client';
import { lockDataDir } from '../../db/data-dir-lock';

// A plain SQL connection to either engine, without drizzle and without migrations: a backup must not change
// the schema it copies.

export interface SqlHandle {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

export async function openPostgres(url: string): Promise<SqlHandle> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    close: () => client.end(),
  };
}

export async function openPglite(dir: string, loadDataDir?: Blob): Promise<SqlHandle & { pglite: PGlite }> {
  const { PGlite } = await import('@electric-sql/pglite');
  // A server running on the same directory is refused here, rather than both writing to it.
  const unlock = lockDataDir(dir);
  const client = new PGlite({
    dataDir: dir,
    extensions: await embeddedExtensions(),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  try {
    await client.waitReady;
  } catch (error) {
    unlock();
    throw error;
  }
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    close: async () => {
      await client.close();
      unlock();
    },
    // The dump needs the client itself.
    pglite: client,
  };
}

export const hasPgliteDatabase = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every ordinary table outside PostgreSQL's own schemas, as `schema.table`. */
async function listTables(handle: SqlHandle): Promise<string[]> {
  const rows = await handle.query<{ name: string }>(`
    select n.nspname || '.' || c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
      and n.nspname not like 'pg\\_%'
    order by 1`);
  return rows.map((row) => row.name);
}

const tableRef = (table: string) => {
  const dot = table.indexOf('.');
  return `${quoteIdent(table.slice(0, dot))}.${quoteIdent(table.slice(dot + 1))}`;
};

/** Rows of every table. */
export async function countRows(handle: SqlHandle): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(handle)) {
    const [row] = await handle.query<{ n: string | number }>(`select count(*) as n from ${tableRef(table)}`);
    counts[table] = Number(row.n);
  }
  return counts;
}

/**
 * A checksum of every table's content: md5 of its rows' text, in the order of that text (bytewise), so two
 * databases with the same rows agree whatever their physical order.
 */
export async function tableChecksums(handle: SqlHandle): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const table of await listTables(handle)) {
    const [row] = await handle.query<{ sum: string }>(
      `select md5(coalesce(string_agg(t::text, E'\\n' order by t::text collate "C"), '')) as sum from ${tableRef(table)} t`,
    );
    sums[table] = row.sum;
  }
  return sums;
}

export async function migrationCount(handle: SqlHandle): Promise<number> {
  // Asked first rather than caught: an error would end the transaction that holds pg_dump's snapshot.
  const [{ present }] = await handle.query<{ present: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!present) return 0;
  const [row] = await handle.query<{ n: string | number }>('select count(*) as n from drizzle.__drizzle_migrations');
  return Number(row.n);
}

/**
 * Tables a restore writes to on purpose after loading the dump: the database's generation (when the schema has
 * `database_identity`), so that pages cached from the database before the restore are dropped at start
 * (lib/server/cache/database-generation.ts). Their row counts stay; their checksums do not.
 */
export const RESTORE_RENEWED_TABLES = ['public.database_identity'];

export async function renewGeneration(handle: SqlHandle): Promise<boolean> {
  const [row] = await handle.query<{ present: boolean }>(`
    select exists (
      select 1 from information_schema.columns
      where table_schema = 'public' and table_name = 'database_identity' and column_name = 'generation'
    ) as present`);
  if (row.present) await handle.query('update public.database_identity set generation = gen_random_uuid()');
  return row.present;
}
