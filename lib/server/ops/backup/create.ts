import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { ARCHIVE_ENTRIES, buildManifest, type BackupManifest, type UploadsRecord } from '@/lib/backup/manifest';
import { countRows, hasPgliteDatabase, migrationCount, openPglite, openPostgres } from './database';
import { libpqArgs, run } from './pg-tools';
import { engineOf, pgliteDir, uploadsDir, type BackupTarget } from './target';
import { listUploads } from './uploads';

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
  bytes: number;
  ms: number;
}

/**
 * Writes one backup file of `target` to `file` (atomically: a `.partial` renamed into place). PostgreSQL is dumped
 * from one snapshot, the row counts taken in the same snapshot, so the app may go on serving meanwhile. PGlite is
 * embedded: the app must not be running on the same DATA_DIR while it is copied (README "Backups").
 */
export async function createBackup(target: BackupTarget, file: string, now = new Date()): Promise<BackupResult> {
  const started = performance.now();
  const output = path.resolve(file);
  await mkdir(path.dirname(output), { recursive: true });
  const staging = await mkdtemp(path.join(path.dirname(output), '.sopka-backup-'));
  const partial = `${output}.${randomBytes(4).toString('hex')}.partial`;
  try {
    const engine = engineOf(target);
    const database =
      engine === 'postgres' ? await dumpPostgres(target.databaseUrl!, staging) : await dumpPglite(target, staging);
    let uploads: UploadsRecord;
    if (target.s3) uploads = { stored: 's3', bucket: target.s3.bucket, endpoint: target.s3.endpoint, files: [] };
    else {
      uploads = { stored: 'disk', files: await listUploads(uploadsDir(target)) };
      if (uploads.files.length) await symlink(uploadsDir(target), path.join(staging, ARCHIVE_ENTRIES.uploads), 'dir');
    }
    const manifest = buildManifest({ engine, createdAt: now, appVersion: await appVersion(), ...database, uploads });
    await writeFile(path.join(staging, ARCHIVE_ENTRIES.manifest), `${JSON.stringify(manifest, null, 2)}\n`);
    await tar.c({ file: partial, cwd: staging, portable: true }, [
      ARCHIVE_ENTRIES.manifest,
      manifest.database_file,
      ...manifest.uploads.files.map((f) => `${ARCHIVE_ENTRIES.uploads}/${f.path}`),
    ]);
    await rename(partial, output);
    return { file: output, manifest, bytes: (await stat(output)).size, ms: performance.now() - started };
  } finally {
    await rm(partial, { force: true });
    await rm(staging, { recursive: true, force: true });
  }
}

async function dumpPostgres(url: string, staging: string) {
  const handle = await openPostgres(url);
  try {
    // The counts and pg_dump read the same snapshot: writes meanwhile are in neither.
    await handle.query('begin isolation level repeatable read read only');
    const [{ snapshot }] = await handle.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    const tables = await countRows(handle);
    const migrations = await migrationCount(handle);
    const { dbname, env: processEnv } = libpqArgs(url);
    await run(
      'pg_dump',
      [
        '--format=custom',
        `--snapshot=${snapshot}`,
        `--file=${path.join(staging, ARCHIVE_ENTRIES.postgresDump)}`,
        `--dbname=${dbname}`,
      ],
      processEnv,
    );
    await handle.query('commit');
    return { tables, migrations };
  } finally {
    await handle.close();
  }
}

async function dumpPglite(target: BackupTarget, staging: string) {
  const dir = pgliteDir(target);
  if (!hasPgliteDatabase(dir)) throw new Error(`There is no PGlite database in ${dir} (DATA_DIR=${target.dataDir}).`);
  const handle = await openPglite(dir);
  try {
    const tables = await countRows(handle);
    const migrations = await migrationCount(handle);
    const dump = await handle.pglite.dumpDataDir('gzip');
    await writeFile(path.join(staging, ARCHIVE_ENTRIES.pgliteDump), Buffer.from(await dump.arrayBuffer()));
    return { tables, migrations };
  } finally {
    await handle.close();
  }
}

/** The application's version (package.json), written into the manifest. */
async function appVersion(): Promise<string> {
  try {
    return JSON.parse(await readFile(path.join(process.cwd(), 'package.json'), 'utf8')).version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
