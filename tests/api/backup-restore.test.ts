import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackup } from '@/lib/server/ops/backup/create';
import { compareTargets, runRestoreDrill, type DrillResult } from '@/lib/server/ops/backup/drill';
import { restoreBackup, RestoreVerificationError } from '@/lib/server/ops/backup/restore';
import type { BackupTarget } from '@/lib/server/ops/backup/target';
import '@/lib/server/startup/database';
import { connect } from '@/lib/server/db/client';
import { seed } from '@/lib/server/demo/seed';
import { sql } from 'drizzle-orm';
import { runScript } from '../support/cli';

// The restore drill (README "Backups"), the same function `npm run db:drill` runs on the demo content: here without
// the demo pictures (seconds, not a minute), with the drill's own bookings and upload on disk.

const workRoot = mkdtempSync(path.join(tmpdir(), 'sopka-backup-test-'));
beforeAll(() => {
  process.env.DATA_DIR = path.join(workRoot, 'app');
  process.env.LOG_LEVEL = 'silent';
});
afterAll(() => rmSync(workRoot, { recursive: true, force: true }));

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
function printTimes(result: DrillResult) {
  console.log(
    `restore drill (${result.engine}): ${result.rows} rows in ${result.tables} tables, ${result.uploads} uploads; ` +
      `backup ${seconds(result.times.backup)}, restore ${seconds(result.times.restore)}, ` +
      `forced restore ${seconds(result.times.forcedRestore)}, total ${seconds(result.times.total)}`,
  );
}

function expectDrill(result: DrillResult) {
  printTimes(result);
  expect(result.tables).toBeGreaterThan(20);
  expect(result.rows).toBeGreaterThan(1000);
  // The drill's photo on disk, in its two sizes.
  expect(result.uploads).toBe(2);
  expect(result.refusal).toMatch(/Refusing to restore over existing data: .*public\.bookings/);
  expect(result.refusal).toMatch(/uploads holds files/);
}

/** `npm run db:restore` itself, as an operator runs it (exit code and output). */
function restoreCli(args: string[], environment: Record<string, string | undefined>) {
  const { status, stdout, stderr } = runScript('scripts/db-restore.ts', args, { ...process.env, ...environment });
  return { status, output: `${stdout}${stderr}` };
}

describe('restore drill on PGlite', () => {
  const workDir = path.join(workRoot, 'pglite');
  let result: DrillResult;

  it(
    'restores every row and upload, refuses a second restore without --force, accepts it with',
    { timeout: 240_000 },
    async () => {
      result = await runRestoreDrill({ engine: 'pglite', workDir, seed });
      expectDrill(result);
    },
  );

  it('the archive holds the manifest, the data directory and the uploads', async () => {
    const entries: string[] = [];
    await tar.t({ file: path.join(workDir, 'backup.tar'), onReadEntry: (entry) => entries.push(entry.path) });
    expect(entries.slice(0, 2)).toEqual(['manifest.json', 'pglite-data.tar.gz']);
    expect(entries.filter((entry) => entry.startsWith('uploads/ideas/drill-'))).toHaveLength(2);
  });

  it('npm run db:restore exits 2 over existing data, and restores with --force', { timeout: 240_000 }, async () => {
    const environment = { DATA_DIR: path.join(workDir, 'target'), DATABASE_URL: '', S3_BUCKET: '', S3_ENDPOINT: '' };
    const refused = restoreCli([path.join(workDir, 'backup.tar')], environment);
    expect(refused.status, refused.output).toBe(2);
    expect(refused.output).toMatch(/Refusing to restore over existing data/);
    const forced = restoreCli([path.join(workDir, 'backup.tar'), '--force'], environment);
    expect(forced.status, forced.output).toBe(0);
    expect(forced.output).toMatch(/all verified/);
    expect(
      await compareTargets({ dataDir: path.join(workDir, 'source') }, { dataDir: path.join(workDir, 'target') }),
    ).toEqual([]);
  });

  it('a restored upload that differs from the manifest fails the restore loudly', { timeout: 120_000 }, async () => {
    // A backup whose manifest promises other bytes than the archive holds (a file corrupted on the way).
    const unpacked = path.join(workRoot, 'corrupt');
    mkdirSync(unpacked, { recursive: true });
    await tar.x({ file: path.join(workDir, 'backup.tar'), cwd: unpacked });
    const manifest = JSON.parse(readFileSync(path.join(unpacked, 'manifest.json'), 'utf8'));
    writeFileSync(path.join(unpacked, 'uploads', manifest.uploads.files[0].path), 'not the picture');
    const corrupt = path.join(workRoot, 'corrupt.tar');
    await tar.c({ file: corrupt, cwd: unpacked }, ['manifest.json', 'pglite-data.tar.gz', 'uploads']);
    const target = { dataDir: path.join(workRoot, 'corrupt-target') };
    const restoring = restoreBackup(target, corrupt);
    await expect(restoring).rejects.toThrow(RestoreVerificationError);
    await expect(restoring).rejects.toThrow(/RESTORE VERIFICATION FAILED[\s\S]*content differs/);
  });

  it('refuses a backup of the other engine and a file that is not a backup', async () => {
    const notBackup = path.join(workRoot, 'not-a-backup.tar');
    writeFileSync(path.join(workRoot, 'hello.txt'), 'hello');
    await tar.c({ file: notBackup, cwd: workRoot }, ['hello.txt']);
    await expect(restoreBackup({ dataDir: path.join(workRoot, 'x') }, notBackup)).rejects.toThrow(/not a Sopka backup/);
    const postgresTarget = { dataDir: path.join(workRoot, 'y'), databaseUrl: 'postgres://nobody@127.0.0.1:1/none' };
    await expect(restoreBackup(postgresTarget, path.join(workDir, 'backup.tar'))).rejects.toThrow(
      /The backup is of PGlite, but this configuration uses PostgreSQL/,
    );
  });
});

describe('uploads in a bucket, and the database generation', () => {
  it(
    'uploads are recorded as left in the bucket, not copied; a restore leaves DATA_DIR/uploads alone and renews the generation',
    { timeout: 120_000 },
    async () => {
      const source: BackupTarget = {
        dataDir: path.join(workRoot, 's3-source'),
        s3: { bucket: 'sopka-media', endpoint: 'http://127.0.0.1:9000' },
      };
      const generationOf = async (target: BackupTarget) => {
        const database = await connect({ dataDir: path.join(target.dataDir, 'db') });
        try {
          const result = await database.db.execute(sql`select generation::text as generation from database_identity`);
          return (result as unknown as { rows: { generation: string }[] }).rows[0]?.generation;
        } finally {
          await database.close();
        }
      };
      const database = await connect({ dataDir: path.join(source.dataDir, 'db') });
      // The table of lib/server/cache/database-generation.ts, made here when the schema does not have it yet.
      await database.db.execute(sql`
      do $$ begin
        if to_regclass('public.database_identity') is null then
          create table database_identity (generation text not null);
          insert into database_identity values ('before-the-backup');
        end if;
      end $$`);
      await database.close();
      const before = await generationOf(source);
      expect(before).toBeTruthy();
      // Files on disk beside a bucket configuration are not the uploads the app serves.
      mkdirSync(path.join(source.dataDir, 'uploads', 'ideas'), { recursive: true });
      writeFileSync(path.join(source.dataDir, 'uploads', 'ideas', 'stale-cover.webp'), 'stale');

      const file = path.join(workRoot, 's3-backup.tar');
      const { manifest } = await createBackup(source, file);
      expect(manifest.uploads).toEqual({
        stored: 's3',
        bucket: 'sopka-media',
        endpoint: 'http://127.0.0.1:9000',
        files: [],
      });
      const target = { dataDir: path.join(workRoot, 's3-target'), s3: source.s3 };
      const restored = await restoreBackup(target, file);
      expect(restored.warnings.join('\n')).toMatch(/does not include the uploads: they live in the bucket sopka-media/);
      expect(existsSync(path.join(target.dataDir, 'uploads'))).toBe(false);
      // Every row is the same but the generation, which a restore renews so that pages cached before it are dropped.
      expect(await generationOf(target)).not.toBe(before);
      expect(await compareTargets(source, target)).toEqual(['ideas/stale-cover.webp: missing']);
    },
  );
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('restore drill on PostgreSQL', () => {
  it(
    'restores every row and upload into a fresh database, refuses a second restore without --force, accepts it with',
    { timeout: 240_000 },
    async () => {
      const result = await runRestoreDrill({
        engine: 'postgres',
        workDir: path.join(workRoot, 'postgres'),
        adminUrl: process.env.TEST_DATABASE_URL,
        seed,
      });
      expectDrill(result);
    },
  );
});
