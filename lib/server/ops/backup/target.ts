import 'server-only';
// Backups and restores of the whole site (README "Backups"): one tar holding manifest.json, the database dump
// (PostgreSQL: pg_dump's custom format; PGlite: its data directory) and the uploads kept on disk.
// `npm run db:backup`, `npm run db:restore`, `npm run db:drill` are thin scripts around this folder.
import path from 'node:path';
import type { BackupEngine } from '@/lib/backup/manifest';
import { dataDir as configuredDataDir, env } from '../../platform/env';

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
export const pgliteDir = (target: BackupTarget) => path.join(target.dataDir, 'db');
export const uploadsDir = (target: BackupTarget) => path.join(target.dataDir, 'uploads');
export const describeEngine = (engine: BackupEngine) =>
  engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite';
