import 'server-only';
import path from 'node:path';
import { connect, type Database, type Db } from './client';
import { seedIfEmpty } from './seed';
import { dataDir, env } from '../env';

type Holder = { database?: Promise<Database> };
// One database per process, shared by route handlers and server components across module instances.
const holder = ((globalThis as { __sopkaDatabase?: Holder }).__sopkaDatabase ??= {});

async function open(): Promise<Database> {
  const { DATABASE_URL } = env();
  const database = DATABASE_URL ? await connect({ url: DATABASE_URL }) : await connect({ dataDir: path.join(dataDir(), 'db') });
  // An empty database starts with the demo content (normally done already by `npm run db:prepare`).
  await seedIfEmpty(database.db, { images: true });
  return database;
}

export async function getDb(): Promise<Db> {
  holder.database ??= open().catch((error) => {
    holder.database = undefined;
    throw error;
  });
  return (await holder.database).db;
}

/** Tests point the app at their own database. */
export function setDatabase(database: Database): void {
  holder.database = Promise.resolve(database);
}
