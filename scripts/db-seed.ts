// `npm run db:seed`: replaces the content of the configured database (PGlite under DATA_DIR, or DATABASE_URL)
// with the demo content, images included.
import path from 'node:path';
import '@/lib/server/startup/database';
import { connect } from '@/lib/server/db/client';
import { seed } from '@/lib/server/demo/seed';
import { dataDir, env } from '@/lib/server/platform/env';

async function main() {
  const url = env().DATABASE_URL;
  const database = await connect(url ? { url } : { dataDir: path.join(dataDir(), 'db') });
  const started = Date.now();
  await seed(database.db, { images: true });
  await database.close();
  console.log(
    `Seeded ${url ? 'PostgreSQL' : `PGlite in ${path.join(dataDir(), 'db')}`} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
