// Before the server starts: apply migrations and fill an empty database with the demo content
// (generating its images once), so the first visitor does not wait for it.
import path from 'node:path';
import '@/lib/server/startup/database';
import { connect } from '@/lib/server/db/client';
import { seedIfEmpty } from '@/lib/server/demo/seed';
import { dataDir, env } from '@/lib/server/platform/env';

async function main() {
  const url = env().DATABASE_URL;
  const started = Date.now();
  const database = await connect(url ? { url } : { dataDir: path.join(dataDir(), 'db') });
  const seeded = await seedIfEmpty(database.db, { images: true });
  await database.close();
  console.log(
    `Database ready (${url ? 'PostgreSQL' : 'PGlite'}${seeded ? ', demo content seeded' : ''}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
