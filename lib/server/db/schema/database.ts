import { sql } from 'drizzle-orm';
import { bigint, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';

/**
 * One row whose `version` goes up with every write to the content that API answers are made of
 * (statement-level triggers, see the content_version migration). Cached answers are keyed by it, so
 * every process sees a change at once.
 */
export const contentVersion = pgTable('content_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * One row naming this database: a fresh database gets a generation of its own, and a restore gives it a new one
 * (lib/server/ops/backup/database.ts). Pages cached from another generation are dropped at start-up
 * (lib/server/cache/database-generation.ts), so no page outlives the data it showed.
 */
export const databaseIdentity = pgTable('database_identity', {
  id: smallint('id').primaryKey().default(1),
  generation: text('generation')
    .notNull()
    .default(sql`gen_random_uuid()::text`),
});
