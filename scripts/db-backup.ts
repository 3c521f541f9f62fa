// `npm run db:backup -- FILE`: one tar of the configured database (PostgreSQL with DATABASE_URL, else PGlite under
// DATA_DIR) and the uploads on disk (README "Backups"). With PGlite, stop the app first.
import '@/lib/server/startup/database';
import { createBackup } from '@/lib/server/ops/backup/create';
import { configuredTarget, engineOf } from '@/lib/server/ops/backup/target';

async function main() {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0].startsWith('-')) {
    console.error('Usage: npm run db:backup -- FILE   (e.g. backups/sopka-$(date +%F).tar)');
    process.exit(64);
  }
  const target = configuredTarget();
  const { file, manifest, bytes, ms } = await createBackup(target, args[0]);
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  const uploads =
    manifest.uploads.stored === 'disk'
      ? `${manifest.uploads.files.length} upload files`
      : `no uploads (they live in the bucket ${manifest.uploads.bucket}; back it up separately)`;
  console.log(
    `Backed up ${engineOf(target) === 'postgres' ? 'PostgreSQL' : 'PGlite'} (${Object.keys(manifest.tables).length} tables, ` +
      `${rows} rows, ${manifest.migrations} migrations) and ${uploads} to ${file}: ` +
      `${(bytes / 1024 / 1024).toFixed(1)} MiB in ${(ms / 1000).toFixed(1)} s`,
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
