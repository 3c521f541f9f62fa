import 'server-only';
// Backups and restores of the whole site (README "Backups"): one tar holding manifest.json, the database dump
// (PostgreSQL: pg_dump's custom format; PGlite: its data directory) and the uploads kept on disk.
// `npm run db:backup`, `npm run db:restore`, `npm run db:drill` are thin scripts around this module.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import {
  ARCHIVE_ENTRIES,
  buildManifest,
  compareTableCounts,
  compareUploads,
  parseManifest,
  tablesInUse,
  type BackupEngine,
  type BackupManifest,
  type UploadFile,
  type UploadsRecord,
} from '@/lib/backup/manifest';
import { dataDir as configuredDataDir, env } from '../platform/env';

/** Where a backup is taken from or restored to: the database the app would use, and DATA_DIR for the uploads. */
export interface BackupTarget {
  /** PostgreSQL; without it, PGlite in `<dataDir>/db`. */
  databaseUrl?: string;
  /** DATA_DIR: PGlite's `db` and the uploads' `uploads` live here. */
  dataDir: string;
  /** Uploads are in this bucket (S3_BUCKET), so they are neither backed up nor restored. */
  s3?: { bucket: string; endpoint: string | null };
}

/** The database and storage the app itself uses (DATABASE_URL, DATA_DIR, S3_BUCKET), as lib/server/db/index.ts chooses. */
export function configuredTarget(): BackupTarget {
  const { DATABASE_URL, S3_BUCKET, S3_ENDPOINT } = env();
  return {
    databaseUrl: DATABASE_URL,
    dataDir: configuredDataDir(),
    s3: S3_BUCKET ? { bucket: S3_BUCKET, endpoint: S3_ENDPOINT ?? null } : undefined,
  };
}

export const engineOf = (target: BackupTarget): BackupEngine => (target.databaseUrl ? 'postgres' : 'pglite');
const pgliteDir = (target: BackupTarget) => path.join(target.dataDir, 'db');
const uploadsDir = (target: BackupTarget) => path.join(target.dataDir, 'uploads');
const describeEngine = (engine: BackupEngine) => (engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite');

/** The restore would overwrite data (a database with rows, uploads on disk) and `--force` was not given: exit code 2. */
export class RestoreRefusedError extends Error {
  override name = 'RestoreRefusedError';
}

/** What was restored differs from what the manifest promises. */
export class RestoreVerificationError extends Error {
  override name = 'RestoreVerificationError';
}

// ---------------------------------------------------------------------------------------------------------------
// A plain SQL connection to either engine, without drizzle and without migrations: a backup must not change
// the schema it copies.

interface SqlHandle {
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

async function openPostgres(url: string): Promise<SqlHandle> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query(text, params)).rows as T[],
    close: () => client.end(),
  };
}

async function openPglite(dir: string, loadDataDir?: Blob): Promise<SqlHandle & { pglite: PGlite }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = new PGlite({ dataDir: dir, extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) });
  await client.waitReady;
  return {
    query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
    close: () => client.close(),
    // The dump needs the client itself.
    pglite: client,
  };
}

const hasPgliteDatabase = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Every ordinary table outside PostgreSQL's own schemas, as `schema.table`. */
async function listTables(handle: SqlHandle): Promise<string[]> {
  const rows = await handle.query<{ name: string }>(`
    select n.nspname || '.' || c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema')
      and n.nspname not like 'pg\\_%'
    order by 1`);
  return rows.map((row) => row.name);
}

const tableRef = (table: string) => {
  const dot = table.indexOf('.');
  return `${quoteIdent(table.slice(0, dot))}.${quoteIdent(table.slice(dot + 1))}`;
};

/** Rows of every table. */
export async function countRows(handle: SqlHandle): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of await listTables(handle)) {
    const [row] = await handle.query<{ n: string | number }>(`select count(*) as n from ${tableRef(table)}`);
    counts[table] = Number(row.n);
  }
  return counts;
}

/**
 * A checksum of every table's content: md5 of its rows' text, in the order of that text (bytewise), so two
 * databases with the same rows agree whatever their physical order.
 */
export async function tableChecksums(handle: SqlHandle): Promise<Record<string, string>> {
  const sums: Record<string, string> = {};
  for (const table of await listTables(handle)) {
    const [row] = await handle.query<{ sum: string }>(
      `select md5(coalesce(string_agg(t::text, E'\\n' order by t::text collate "C"), '')) as sum from ${tableRef(table)} t`,
    );
    sums[table] = row.sum;
  }
  return sums;
}

async function migrationCount(handle: SqlHandle): Promise<number> {
  // Asked first rather than caught: an error would end the transaction that holds pg_dump's snapshot.
  const [{ present }] = await handle.query<{ present: boolean }>(
    "select to_regclass('drizzle.__drizzle_migrations') is not null as present",
  );
  if (!present) return 0;
  const [row] = await handle.query<{ n: string | number }>('select count(*) as n from drizzle.__drizzle_migrations');
  return Number(row.n);
}

/**
 * Tables a restore writes to on purpose after loading the dump: the database's generation (when the schema has
 * `database_identity`), so that pages cached from the database before the restore are dropped at start
 * (lib/server/cache/database-generation.ts). Their row counts stay; their checksums do not.
 */
export const RESTORE_RENEWED_TABLES = ['public.database_identity'];

async function renewGeneration(handle: SqlHandle): Promise<boolean> {
  const [row] = await handle.query<{ present: boolean }>(`
    select exists (
      select 1 from information_schema.columns
      where table_schema = 'public' and table_name = 'database_identity' and column_name = 'generation'
    ) as present`);
  if (row.present) await handle.query('update public.database_identity set generation = gen_random_uuid()');
  return row.present;
}

// ---------------------------------------------------------------------------------------------------------------
// Files

const sha256File = (file: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });

/** Every file under `root` (keys with `/`), with size and sha256; a half-written `.partial` of a put is skipped. */
export async function listUploads(root: string): Promise<UploadFile[]> {
  if (!existsSync(root)) return [];
  const files: UploadFile[] = [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.partial')) continue;
    const full = path.join(entry.parentPath, entry.name);
    const key = path.relative(root, full).split(path.sep).join('/');
    files.push({ path: key, size: (await stat(full)).size, sha256: await sha256File(full) });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : 1));
}

async function isNonEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch {
    return false;
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

/** pg_dump and pg_restore get the URL without its password (argv is visible to every user): PGPASSWORD carries it. */
function libpqArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

function run(command: string, args: string[], processEnv: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: processEnv, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) =>
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error(`${command} is not installed (Debian: apt-get install postgresql-client).`)
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit code ${code}):\n${stderr.trim()}`)),
    );
  });
}

const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, '-');

// ---------------------------------------------------------------------------------------------------------------
// Backup

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

// ---------------------------------------------------------------------------------------------------------------
// Restore

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

// ---------------------------------------------------------------------------------------------------------------
// The restore drill: proves a backup restores to the same rows and files.

export interface DrillOptions {
  engine: BackupEngine;
  /** A scratch directory of its own (source and target DATA_DIRs, the backup file). */
  workDir: string;
  /** PostgreSQL only: a server URL on which the drill creates (and drops) its source and target databases. */
  adminUrl?: string;
  /**
   * Seed the demo pictures too (`seed(..., { images: true })`): they are rendered through the app's file storage
   * (DATA_DIR/uploads, so S3 must be unset; already rendered ones are kept) and copied into the source.
   */
  images?: boolean;
  log?: (line: string) => void;
}

export interface DrillResult {
  engine: BackupEngine;
  tables: number;
  rows: number;
  uploads: number;
  archiveBytes: number;
  /** Milliseconds of each step. */
  times: { seed: number; backup: number; restore: number; compare: number; forcedRestore: number; total: number };
  /** The second restore, without --force, was refused with this message. */
  refusal: string;
}

/**
 * Seeds a source, makes bookings and an upload on disk, backs up, restores into a fresh target, compares every
 * table's row count and checksum and every upload's sha256, then checks that restoring again is refused without
 * `force` and succeeds with it. Throws on any difference.
 */
export async function runRestoreDrill({
  engine,
  workDir,
  adminUrl,
  images = false,
  log = () => undefined,
}: DrillOptions): Promise<DrillResult> {
  if (engine === 'postgres' && !adminUrl) throw new Error('The PostgreSQL drill needs a server URL (adminUrl).');
  const { connect } = await import('../db/client');
  const { seed } = await import('../demo/seed');
  const started = performance.now();
  const suffix = randomBytes(5).toString('hex');
  const created: string[] = [];
  const databaseUrl = async (role: string) => {
    if (engine !== 'postgres') return undefined;
    const name = `sopka_drill_${role}_${suffix}`;
    const admin = await openPostgres(adminUrl!);
    try {
      await admin.query(`create database ${quoteIdent(name)}`);
    } finally {
      await admin.close();
    }
    created.push(name);
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  const source: BackupTarget = { dataDir: path.join(workDir, 'source'), databaseUrl: await databaseUrl('source') };
  const target: BackupTarget = { dataDir: path.join(workDir, 'target'), databaseUrl: undefined };
  const file = path.join(workDir, 'backup.tar');
  try {
    target.databaseUrl = await databaseUrl('target');
    if (images && env().S3_BUCKET) throw new Error('The drill with pictures needs S3_BUCKET unset.');

    log(`seeding the demo content (${engine})`);
    let t = performance.now();
    const database = await connect(source.databaseUrl ? { url: source.databaseUrl } : { dataDir: pgliteDir(source) });
    try {
      await seed(database.db, { images });
      // The pictures went through the app's storage (DATA_DIR/uploads): the source's uploads are a copy of them.
      const rendered = path.join(configuredDataDir(), 'uploads');
      if (images && path.resolve(rendered) !== path.resolve(uploadsDir(source)) && existsSync(rendered))
        await cp(rendered, uploadsDir(source), { recursive: true });
      await makeActivity(database.db, uploadsDir(source));
    } finally {
      await database.close();
    }
    const seedMs = performance.now() - t;

    log('backing up');
    const backup = await createBackup(source, file);
    log('restoring into a fresh target');
    const restored = await restoreBackup(target, file, { log });

    log('comparing every table and upload');
    t = performance.now();
    const differences = await compareTargets(source, target);
    if (differences.length)
      throw new RestoreVerificationError(
        `DRILL FAILED: the restore differs from its source:\n  ${differences.join('\n  ')}`,
      );
    const compareMs = performance.now() - t;

    log('restoring again without --force (must be refused)');
    let refusal = '';
    try {
      await restoreBackup(target, file);
    } catch (error) {
      if (!(error instanceof RestoreRefusedError)) throw error;
      refusal = error.message;
    }
    if (!refusal) throw new Error('DRILL FAILED: a second restore without --force was not refused.');
    log('restoring again with --force');
    const forced = await restoreBackup(target, file, { force: true, log });
    const after = await compareTargets(source, target);
    if (after.length)
      throw new RestoreVerificationError(`DRILL FAILED: the forced restore differs:\n  ${after.join('\n  ')}`);

    const rows = Object.values(backup.manifest.tables).reduce((sum, n) => sum + n, 0);
    return {
      engine,
      tables: Object.keys(backup.manifest.tables).length,
      rows,
      uploads: backup.manifest.uploads.files.length,
      archiveBytes: backup.bytes,
      times: {
        seed: seedMs,
        backup: backup.ms,
        restore: restored.ms,
        compare: compareMs,
        forcedRestore: forced.ms,
        total: performance.now() - started,
      },
      refusal,
    };
  } finally {
    if (created.length) {
      const admin = await openPostgres(adminUrl!);
      try {
        for (const name of created) await admin.query(`drop database if exists ${quoteIdent(name)} with (force)`);
      } finally {
        await admin.close();
      }
    }
  }
}

/** Every table's row count and checksum, and every upload's sha256, of two targets; one line per difference. */
export async function compareTargets(a: BackupTarget, b: BackupTarget): Promise<string[]> {
  const sumsOf = async (target: BackupTarget) => {
    const handle =
      engineOf(target) === 'postgres' ? await openPostgres(target.databaseUrl!) : await openPglite(pgliteDir(target));
    try {
      return { counts: await countRows(handle), sums: await tableChecksums(handle) };
    } finally {
      await handle.close();
    }
  };
  const left = await sumsOf(a);
  const right = await sumsOf(b);
  const differences = compareTableCounts(left.counts, right.counts);
  for (const [table, sum] of Object.entries(left.sums))
    if (table in right.sums && right.sums[table] !== sum && !RESTORE_RENEWED_TABLES.includes(table))
      differences.push(`${table}: rows differ (md5 ${right.sums[table]}, expected ${sum})`);
  differences.push(...compareUploads(await listUploads(uploadsDir(a)), await listUploads(uploadsDir(b))));
  return differences;
}

/** Bookings on three departures and a photo uploaded to disk, as travellers and authors would make them. */
async function makeActivity(db: import('../db/client').Db, uploadsRoot: string): Promise<void> {
  const { sql } = await import('drizzle-orm');
  const { rowsOf } = await import('../db/client');
  const { localStorage } = await import('../platform/storage');
  const { default: sharp } = await import('sharp');
  const departures = rowsOf<{ date_id: number; idea_id: number; author_id: number; price: number; currency: string }>(
    await db.execute(sql`
      select d.id as date_id, i.id as idea_id, i.author_id, i.price, i.currency
      from idea_dates d join ideas i on i.id = d.idea_id
      where i.status = 'published' and i.deleted_at is null and i.price is not null
        and d.starts_at > now() and d.seats_left >= 2
      order by d.id limit 3`),
  );
  const [traveller] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from users where role = 'user' order by id limit 1`),
  );
  if (!traveller || departures.length === 0) throw new Error('The demo content has no bookable departure.');
  for (const [index, d] of departures.entries()) {
    await db.execute(sql`update idea_dates set seats_left = seats_left - 2 where id = ${d.date_id}`);
    await db.execute(sql`
      insert into bookings (hid, user_id, idea_id, idea_date_id, adults, children, total, currency, contact)
      values (${`drill${suffixOf(index)}`}, ${traveller.id}, ${d.idea_id}, ${d.date_id}, 2, 0, ${2 * d.price},
        ${d.currency}, ${JSON.stringify({ name: 'Drill traveller', email: 'drill@example.com' })}::jsonb)`);
  }
  const base = `ideas/drill-${randomBytes(4).toString('hex')}`;
  const picture = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#0b5d7a' } })
      .webp()
      .toBuffer();
  const storage = localStorage(uploadsRoot);
  await storage.put(`${base}-cover.webp`, await picture(466, 350));
  await storage.put(`${base}-large.webp`, await picture(1200, 900));
  const idea = departures[0];
  await db.execute(sql`
    insert into photos (idea_id, owner_id, storage_key, width, height, position)
    values (${idea.idea_id}, ${idea.author_id}, ${base}, 1200, 900, 99)`);
}

const suffixOf = (index: number) => String.fromCharCode(97 + index).repeat(6);
