// `npm run db:fake -- --ideas 100000`: seeds the configured database (without pictures if it is empty)
// and adds that many generated ideas, for benchmarks.
import path from 'node:path';
import { parseArgs } from 'node:util';
import '@/lib/server/startup/database';
import { connect } from '@/lib/server/db/client';
import { generateIdeas } from '@/lib/server/demo/fake-ideas';
import { seedIfEmpty } from '@/lib/server/demo/seed';
import { dataDir, env } from '@/lib/server/platform/env';

async function main() {
  const { values } = parseArgs({ options: { ideas: { type: 'string', default: '1000' } } });
  const count = Number(values.ideas);
  if (!Number.isInteger(count) || count < 1 || count > 1_000_000)
    throw new Error('--ideas must be a whole number from 1 to 1 000 000');
  const url = env().DATABASE_URL;
  // A batch of a thousand ideas computes their search vectors and index entries: more than a request may take.
  const timeouts = { statement: 300_000, idleInTransaction: 300_000 };
  const database = await connect(url ? { url, timeouts } : { dataDir: path.join(dataDir(), 'db') });
  await seedIfEmpty(database.db, { images: false });
  const started = Date.now();
  await generateIdeas(database.db, count, {
    onProgress: (done) => {
      if (done % 10_000 === 0 || done === count) console.log(`  ${done} / ${count}`);
    },
  });
  await database.close();
  console.log(`Generated ${count} ideas in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
