// The manifest of a backup file (`npm run db:backup`): what the archive holds and what a restore must find again.
// Pure: built and checked here, written and read by lib/server/ops/backup/.

/** The archive's own format; a restore refuses a manifest of another (newer) version instead of guessing. */
export const BACKUP_FORMAT = 'sopka-backup';
export const BACKUP_FORMAT_VERSION = 1;

export type BackupEngine = 'pglite' | 'postgres';

/** Names of the entries inside the tar. */
export const ARCHIVE_ENTRIES = {
  manifest: 'manifest.json',
  /** PostgreSQL: `pg_dump --format=custom`. */
  postgresDump: 'database.pgdump',
  /** PGlite: its data directory (`dumpDataDir('gzip')`), a .tar.gz of its own. */
  pgliteDump: 'pglite-data.tar.gz',
  /** Uploads on disk, under their storage keys. */
  uploads: 'uploads',
} as const;

export interface UploadFile {
  /** The storage key, relative to the uploads directory, with `/` separators. */
  path: string;
  size: number;
  sha256: string;
}

export type UploadsRecord =
  | { stored: 'disk'; files: UploadFile[] }
  /** The bucket is not copied: the backup of the database refers to objects that stay in it. */
  | { stored: 's3'; bucket: string; endpoint: string | null; files: [] };

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_FORMAT_VERSION;
  engine: BackupEngine;
  created_at: string;
  app_version: string;
  /** Rows of drizzle.__drizzle_migrations: the schema version the dump carries. */
  migrations: number;
  /** Rows of every table, by `schema.table`. */
  tables: Record<string, number>;
  /** The database entry of the archive (ARCHIVE_ENTRIES). */
  database_file: string;
  uploads: UploadsRecord;
}

export function buildManifest(input: {
  engine: BackupEngine;
  createdAt: Date;
  appVersion: string;
  migrations: number;
  tables: Record<string, number>;
  uploads: UploadsRecord;
}): BackupManifest {
  const tables = Object.fromEntries(Object.entries(input.tables).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const uploads: UploadsRecord =
    input.uploads.stored === 'disk'
      ? { stored: 'disk', files: [...input.uploads.files].sort((a, b) => (a.path < b.path ? -1 : 1)) }
      : input.uploads;
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_FORMAT_VERSION,
    engine: input.engine,
    created_at: input.createdAt.toISOString(),
    app_version: input.appVersion,
    migrations: input.migrations,
    tables,
    database_file: input.engine === 'postgres' ? ARCHIVE_ENTRIES.postgresDump : ARCHIVE_ENTRIES.pgliteDump,
    uploads,
  };
}

/** A storage key that stays inside the uploads directory when joined to it. */
export function isSafeUploadPath(key: string): boolean {
  return (
    key.length > 0 &&
    !key.startsWith('/') &&
    !key.includes('\\') &&
    !key.includes('\0') &&
    key.split('/').every((part) => part !== '' && part !== '.' && part !== '..')
  );
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** Parses manifest.json of an archive; throws with what is wrong (not a backup, a newer format, a bad field). */
export function parseManifest(text: string): BackupManifest {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('manifest.json is not JSON: this is not a Sopka backup.');
  }
  if (!isObject(value) || value.format !== BACKUP_FORMAT) throw new Error('manifest.json is not a Sopka backup.');
  if (value.version !== BACKUP_FORMAT_VERSION)
    throw new Error(
      `The backup has format version ${String(value.version)}; this app reads version ${BACKUP_FORMAT_VERSION}.`,
    );
  const problems: string[] = [];
  if (value.engine !== 'pglite' && value.engine !== 'postgres') problems.push('engine');
  if (typeof value.created_at !== 'string' || Number.isNaN(Date.parse(value.created_at))) problems.push('created_at');
  if (typeof value.app_version !== 'string') problems.push('app_version');
  if (!isCount(value.migrations)) problems.push('migrations');
  if (!isObject(value.tables) || !Object.values(value.tables).every(isCount)) problems.push('tables');
  const expectedFile = value.engine === 'postgres' ? ARCHIVE_ENTRIES.postgresDump : ARCHIVE_ENTRIES.pgliteDump;
  if (value.database_file !== expectedFile) problems.push('database_file');
  const uploads = value.uploads;
  if (!isObject(uploads)) problems.push('uploads');
  else if (uploads.stored === 's3') {
    if (typeof uploads.bucket !== 'string') problems.push('uploads.bucket');
    if (!Array.isArray(uploads.files) || uploads.files.length) problems.push('uploads.files');
  } else if (uploads.stored === 'disk') {
    const files = uploads.files;
    if (
      !Array.isArray(files) ||
      !files.every(
        (f) =>
          isObject(f) &&
          typeof f.path === 'string' &&
          isSafeUploadPath(f.path) &&
          isCount(f.size) &&
          typeof f.sha256 === 'string' &&
          /^[0-9a-f]{64}$/.test(f.sha256),
      )
    )
      problems.push('uploads.files');
  } else problems.push('uploads.stored');
  if (problems.length) throw new Error(`manifest.json has bad fields: ${problems.join(', ')}.`);
  return value as unknown as BackupManifest;
}

/** Differences between the row counts a manifest promises and those found, one line each; empty when they agree. */
export function compareTableCounts(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const differences: string[] = [];
  for (const [table, rows] of Object.entries(expected)) {
    if (!(table in actual)) differences.push(`${table}: missing (expected ${rows} rows)`);
    else if (actual[table] !== rows) differences.push(`${table}: ${actual[table]} rows, expected ${rows}`);
  }
  // A table the backup does not know (left by a newer schema in a forced target) matters only with rows in it.
  for (const [table, rows] of Object.entries(actual))
    if (!(table in expected) && rows > 0) differences.push(`${table}: not in the backup (${rows} rows)`);
  return differences;
}

/** Differences between the upload files a manifest lists and those found (by path, size and sha256). */
export function compareUploads(expected: UploadFile[], actual: UploadFile[]): string[] {
  const found = new Map(actual.map((file) => [file.path, file]));
  const differences: string[] = [];
  for (const file of expected) {
    const other = found.get(file.path);
    if (!other) differences.push(`${file.path}: missing`);
    else if (other.sha256 !== file.sha256 || other.size !== file.size)
      differences.push(`${file.path}: content differs (sha256 ${other.sha256}, expected ${file.sha256})`);
  }
  const listed = new Set(expected.map((file) => file.path));
  for (const file of actual) if (!listed.has(file.path)) differences.push(`${file.path}: not in the backup`);
  return differences;
}

/**
 * Tables whose rows the migrations (or the app's start) write themselves: rows there do not make a database
 * "in use". `database_identity` holds the database's generation (lib/server/cache/database-generation.ts).
 */
export const MIGRATION_FILLED_TABLES = [
  'drizzle.__drizzle_migrations',
  'public.content_version',
  'public.database_identity',
];

/** The tables (from `schema.table` → rows) that make a restore target non-empty. */
export function tablesInUse(counts: Record<string, number>): string[] {
  return Object.entries(counts)
    .filter(([table, rows]) => rows > 0 && !MIGRATION_FILLED_TABLES.includes(table))
    .map(([table, rows]) => `${table} (${rows} rows)`);
}
