// `npm run db:restore -- FILE [--force]`: restores a backup of `npm run db:backup` into the configured database and
// DATA_DIR (README "Backups"), then checks every table's row count and every upload against the manifest. Exit
// code 2 when the target already holds data and --force was not given. Stop the app first.
import '@/lib/server/startup/database';
import { restoreBackup, RestoreRefusedError, RestoreVerificationError } from '@/lib/server/ops/backup/restore';
import { configuredTarget } from '@/lib/server/ops/backup/target';

async function main() {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const files = args.filter((arg) => arg !== '--force');
  if (files.length !== 1 || files[0].startsWith('-')) {
    console.error('Usage: npm run db:restore -- FILE [--force]');
    process.exit(64);
  }
  const { manifest, ms, movedAside } = await restoreBackup(configuredTarget(), files[0], {
    force,
    log: (line) => console.log(line),
  });
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  console.log(
    `Restored the backup of ${manifest.created_at} (app ${manifest.app_version}): ${Object.keys(manifest.tables).length} ` +
      `tables, ${rows} rows, ${manifest.uploads.files.length} upload files, all verified, in ${(ms / 1000).toFixed(1)} s` +
      (movedAside.length ? `. Moved aside (delete when no longer needed): ${movedAside.join(', ')}` : ''),
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof RestoreRefusedError ? 2 : error instanceof RestoreVerificationError ? 3 : 1);
});
