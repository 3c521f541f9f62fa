import 'server-only';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import type { Database } from './client';

/**
 * What the process lends its database: the log, the metrics and traces of queries, and how it opens its own
 * database on first use. The database is the ground floor and imports no other folder of lib/server, so the
 * process installs these from above (lib/server/startup/database.ts); until it has, the database runs unobserved.
 */
export interface DatabaseHooks {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
  /** Each returns what to call when the pool or client closes. */
  instrumentPool(pool: Pool, size: number): () => void;
  instrumentPglite(client: PGlite): () => void;
  traceEmbeddedQueries(client: PGlite): void;
  /** This process's database (configuration, demo content, purge, shutdown), opened by the first getDb. */
  open(): Promise<Database>;
}

const unobserved: Omit<DatabaseHooks, 'open'> = {
  warn: () => undefined,
  error: () => undefined,
  instrumentPool: () => () => undefined,
  instrumentPglite: () => () => undefined,
  traceEmbeddedQueries: () => undefined,
};

type HooksState = { hooks?: DatabaseHooks };
// Shared by the instrumentation's and the route handlers' module instances, as the database itself is.
const state = ((globalThis as { __sopkaDatabaseHooks?: HooksState }).__sopkaDatabaseHooks ??= {});

export function installDatabaseHooks(hooks: DatabaseHooks): void {
  state.hooks = hooks;
}

export function databaseHooks(): DatabaseHooks {
  return (
    state.hooks ?? {
      ...unobserved,
      open: () =>
        Promise.reject(new Error('No database: import lib/server/startup/database first (or setDatabase in a test).')),
    }
  );
}
