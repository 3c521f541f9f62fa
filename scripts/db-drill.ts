// `npm run db:drill`: the restore drill on the demo content (README "Backups"), in a scratch directory: seed (with
// the pictures), make bookings and an upload, back up, restore into a fresh DATA_DIR (and a fresh PostgreSQL
// database), compare every table's rows and every upload, and check that restoring over it needs --force. Prints
// how long each step took. PGlite always; PostgreSQL too with `--postgres URL` or TEST_DATABASE_URL (a server
// on which it may create and drop its own two databases). `--keep` leaves the scratch directory.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import '@/lib/server/startup/database';
import { runRestoreDrill, type DrillResult } from '@/lib/server/ops/backup/drill';
import { seed } from '@/lib/server/demo/seed';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function report(result: DrillResult) {
  const { times } = result;
  console.log(
    `Drill passed on ${result.engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${result.tables} tables, ${result.rows} rows, ` +
      `${result.uploads} upload files, archive ${(result.archiveBytes / 1024 / 1024).toFixed(1)} MiB\n` +
      `  backup ${seconds(times.backup)}, restore (verified) ${seconds(times.restore)}, compare ${seconds(times.compare)}, ` +
      `forced restore ${seconds(times.forcedRestore)}; seed ${seconds(times.seed)}; drill total ${seconds(times.total)}\n` +
      `  restore without --force refused: ${result.refusal}`,
  );
}

async function main() {
  const args = process.argv.slice(2);
  const keep = args.includes('--keep');
  const postgresAt = args.indexOf('--postgres');
  const adminUrl = postgresAt >= 0 ? args[postgresAt + 1] : process.env.TEST_DATABASE_URL || undefined;
  const workRoot = mkdtempSync(path.join(tmpdir(), 'sopka-drill-'));
  // The demo pictures are rendered through the app's storage: into the drill's scratch directory, never a bucket.
  process.env.DATA_DIR = path.join(workRoot, 'pictures');
  for (const name of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY']) delete process.env[name];
  process.env.LOG_LEVEL ??= 'warn';
  const log = (line: string) => console.log(`  … ${line}`);
  try {
    report(
      await runRestoreDrill({ engine: 'pglite', workDir: path.join(workRoot, 'pglite'), seed, images: true, log }),
    );
    if (adminUrl) {
      const workDir = path.join(workRoot, 'postgres');
      report(await runRestoreDrill({ engine: 'postgres', workDir, adminUrl, seed, images: true, log }));
    } else console.log('PostgreSQL drill skipped: pass --postgres URL or set TEST_DATABASE_URL.');
  } finally {
    if (keep) console.log(`Scratch directory kept: ${workRoot}`);
    else rmSync(workRoot, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
