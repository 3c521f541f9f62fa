import 'server-only';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import {
  ARCHIVE_ENTRIES,
  compareTableCounts,
  compareUploads,
  parseManifest,
  tablesInUse,
  type BackupManifest,
} from '@/lib/backup/manifest';
import { countRows, hasPgliteDatabase, openPglite, openPostgres, renewGeneration } from './database';
import { libpqArgs, run } from './pg-tools';
import { describeEngine, engineOf, pgliteDir, uploadsDir, type BackupTarget } from './target';
import { isNonEmptyDir, listUploads } from './uploads';

/** The restore would overwrite data (a database with rows, uploads on disk) and `--force` was not given: exit code 2. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

/** What was restored differs from what the manifest promises. */
export class RestoreVerificationError extends Error {
  override name = 'RestoreVerificationError';
}

export interface RestoreOptions {
  /** Overwrite a database with rows and uploads already on disk (they are moved aside, the database is replaced). */
  force?: boolean;
  now?: Date;
  /** Progress and warnings (the scripts print them). */
  log?: (line: string) => void;
}

export interface RestoreResult {
  manifest: BackupManifest;
  ms: number;
  /** Directories the restore moved aside (PGlite's old `db`, the old `uploads`). */
  movedAside: string[];
  warnings: string[];
}

/** Rows in the target database that a restore would overwrite, as `schema.table (n rows)`; empty when there are none. */
async function databaseInUse(target: BackupTarget): Promise<string[]> {
  if (engineOf(target) === 'postgres') {
    const handle = await openPostgres(target.databaseUrl!);
    try {
      return tablesInUse(await countRows(handle));
    } finally {
      await handle.close();
    }
  }
  const dir = pgliteDir(target);
  if (!hasPgliteDatabase(dir)) return (await isNonEmptyDir(dir)) ? [`${dir} (files that are not a database)`] : [];
  const handle = await openPglite(dir);
  try {
    return tablesInUse(await countRows(handle));
  } finally {
    await handle.close();
  }
}

/**
 * Restores a backup file into `target`. Refuses (RestoreRefusedError) to overwrite a database with rows or uploads
 * on disk unless `force`; afterwards checks every table's row count and every upload's sha256 against the manifest
 * (RestoreVerificationError). The app must be stopped meanwhile.
 */
export async function restoreBackup(
  target: BackupTarget,
  file: string,
  { force = false, now = new Date(), log = () => undefined }: RestoreOptions = {},
): Promise<RestoreResult> {
  const started = performance.now();
  const input = path.resolve(file);
  if (!existsSync(input)) throw new Error(`There is no backup file ${input}.`);
  await mkdir(target.dataDir, { recursive: true });
  // Unpacked next to its destination, so the uploads move into place by a rename.
  const staging = await mkdtemp(path.join(target.dataDir, '.restore-'));
  const warnings: string[] = [];
  const warn = (line: string) => {
    warnings.push(line);
    log(`warning: ${line}`);
  };
  const movedAside: string[] = [];
  try {
    await tar.x({ file: input, cwd: staging, strict: true });
    const manifestFile = path.join(staging, ARCHIVE_ENTRIES.manifest);
    if (!existsSync(manifestFile)) throw new Error(`${input} has no manifest.json: it is not a Sopka backup.`);
    const manifest = parseManifest(await readFile(manifestFile, 'utf8'));
    const engine = engineOf(target);
    if (manifest.engine !== engine)
      throw new Error(
        `The backup is of ${describeEngine(manifest.engine)}, but this configuration uses ${describeEngine(engine)}: ` +
          `restore it with the same engine configured (DATABASE_URL set for PostgreSQL, unset for PGlite).`,
      );
    if (!existsSync(path.join(staging, manifest.database_file)))
      throw new Error(`${input} lacks its database dump ${manifest.database_file}.`);
    const localMigrations = await migrationsOfThisApp();
    if (localMigrations !== null && manifest.migrations > localMigrations)
      warn(
        `the backup's schema has ${manifest.migrations} migrations, this app only ${localMigrations}: ` +
          `install the app version ${manifest.app_version} (or newer) before starting it.`,
      );

    // Nothing is overwritten without --force.
    const inUse = await databaseInUse(target);
    const restoresUploads = manifest.uploads.stored === 'disk';
    const uploadsInUse = restoresUploads && (await isNonEmptyDir(uploadsDir(target)));
    if ((inUse.length || uploadsInUse) && !force) {
      const what = [
        ...(inUse.length
          ? [
              `the ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'} database has rows: ${inUse.slice(0, 8).join(', ')}${inUse.length > 8 ? ', …' : ''}`,
            ]
          : []),
        ...(uploadsInUse ? [`${uploadsDir(target)} holds files`] : []),
      ];
      throw new RestoreRefusedError(
        `Refusing to restore over existing data: ${what.join('; ')}. ` +
          'Restore into an empty database and DATA_DIR, or pass --force to replace them.',
      );
    }

    const dump = path.join(staging, manifest.database_file);
    if (engine === 'postgres') {
      log('restoring the database with pg_restore');
      const { dbname, env: processEnv } = libpqArgs(target.databaseUrl!);
      await run(
        'pg_restore',
        [
          '--clean',
          '--if-exists',
          '--no-owner',
          '--no-privileges',
          '--single-transaction',
          '--exit-on-error',
          `--dbname=${dbname}`,
          dump,
        ],
        processEnv,
      );
      const handle = await openPostgres(target.databaseUrl!);
      try {
        await renewGeneration(handle);
      } finally {
        await handle.close();
      }
    } else {
      const dir = pgliteDir(target);
      if (existsSync(dir)) {
        const aside = `${dir}.replaced-${stamp(now)}`;
        await rename(dir, aside);
        movedAside.push(aside);
        log(`moved the previous database aside to ${aside}`);
      }
      log('restoring the PGlite data directory');
      const handle = await openPglite(dir, new Blob([await readFile(dump)]));
      try {
        await renewGeneration(handle);
      } finally {
        await handle.close();
      }
    }

    if (restoresUploads) {
      const dir = uploadsDir(target);
      if (uploadsInUse) {
        const aside = `${dir}.replaced-${stamp(now)}`;
        await rename(dir, aside);
        movedAside.push(aside);
        log(`moved the previous uploads aside to ${aside}`);
      } else await rm(dir, { recursive: true, force: true });
      const unpacked = path.join(staging, ARCHIVE_ENTRIES.uploads);
      if (existsSync(unpacked)) await rename(unpacked, dir);
      else await mkdir(dir, { recursive: true });
      if (target.s3)
        warn(
          `S3_BUCKET is set, so the app reads uploads from the bucket ${target.s3.bucket}, not from ${dir}: ` +
            `copy them there (e.g. aws s3 sync ${dir} s3://${target.s3.bucket}).`,
        );
    } else if (manifest.uploads.stored === 's3') {
      warn(
        `the backup does not include the uploads: they live in the bucket ${manifest.uploads.bucket}` +
          `${manifest.uploads.endpoint ? ` at ${manifest.uploads.endpoint}` : ''}; point S3_* at that bucket (or a copy).`,
      );
    }

    await verifyRestore(target, manifest);
    return { manifest, ms: performance.now() - started, movedAside, warnings };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Row counts and upload files of `target` against the manifest; throws RestoreVerificationError naming each difference. */
export async function verifyRestore(target: BackupTarget, manifest: BackupManifest): Promise<void> {
  const handle =
    engineOf(target) === 'postgres' ? await openPostgres(target.databaseUrl!) : await openPglite(pgliteDir(target));
  let differences: string[];
  try {
    differences = compareTableCounts(manifest.tables, await countRows(handle));
  } finally {
    await handle.close();
  }
  if (manifest.uploads.stored === 'disk')
    differences.push(...compareUploads(manifest.uploads.files, await listUploads(uploadsDir(target))));
  if (differences.length)
    throw new RestoreVerificationError(
      `RESTORE VERIFICATION FAILED: what was restored differs from the backup's manifest:\n  ${differences.join('\n  ')}`,
    );
}

/** How many migrations this app carries (its drizzle journal), or null when it cannot tell. */
async function migrationsOfThisApp(): Promise<number | null> {
  try {
    const journal = JSON.parse(
      await readFile(path.join(process.cwd(), 'lib/server/db/migrations/meta/_journal.json'), 'utf8'),
    );
    return Array.isArray(journal.entries) ? journal.entries.length : null;
  } catch {
    return null;
  }
}

/** `now` as part of a file name (the directories moved aside). */
const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, '-');
