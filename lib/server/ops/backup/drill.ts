import 'server-only';
// The restore drill: proves a backup restores to the same rows and files.
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { compareTableCounts, compareUploads, type BackupEngine } from '@/lib/backup/manifest';
import { dataDir as configuredDataDir, env } from '../../platform/env';
import { createBackup } from './create';
import { countRows, openPglite, openPostgres, quoteIdent, RESTORE_RENEWED_TABLES, tableChecksums } from './database';
import { restoreBackup, RestoreRefusedError, RestoreVerificationError } from './restore';
import type { Db } from '../../db/client';
import { engineOf, pgliteDir, uploadsDir, type BackupTarget } from './target';
import { listUploads } from './uploads';

export interface DrillOptions {
  engine: BackupEngine;
  /** A scratch directory of its own (source and target DATA_DIRs, the backup file). */
  workDir: string;
  /** PostgreSQL only: a server URL on which the drill creates (and drops) its source and target databases. */
  adminUrl?: string;
  /**
   * Fills the source with content (the demo seed, lib/server/demo/seed.ts): handed in by the caller, since the demo
   * content stands above operations (it creates accounts).
   */
  seed: (db: Db, options: { images: boolean }) => Promise<unknown>;
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
  seed,
  images = false,
  log = () => undefined,
}: DrillOptions): Promise<DrillResult> {
  if (engine === 'postgres' && !adminUrl) throw new Error('The PostgreSQL drill needs a server URL (adminUrl).');
  const { connect } = await import('../../db/client');
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
async function makeActivity(db: import('../../db/client').Db, uploadsRoot: string): Promise<void> {
  const { sql } = await import('drizzle-orm');
  const { rowsOf } = await import('../../db/client');
  const { localStorage } = await import('../../platform/storage');
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
