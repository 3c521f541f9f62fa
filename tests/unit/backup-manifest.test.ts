import { describe, expect, it } from 'vitest';
import {
  BACKUP_FORMAT_VERSION,
  buildManifest,
  compareTableCounts,
  compareUploads,
  isSafeUploadPath,
  parseManifest,
  tablesInUse,
} from '@/lib/backup/manifest';

const sha = (c: string) => c.repeat(64);

const manifest = () =>
  buildManifest({
    engine: 'postgres',
    createdAt: new Date('2026-11-28T09:00:00Z'),
    appVersion: '0.1.0',
    migrations: 22,
    tables: { 'public.users': 3, 'drizzle.__drizzle_migrations': 22, 'public.bookings': 5 },
    uploads: {
      stored: 'disk',
      files: [
        { path: 'ideas/b-cover.webp', size: 10, sha256: sha('b') },
        { path: 'avatars/a.webp', size: 5, sha256: sha('a') },
      ],
    },
  });

describe('backup manifest', () => {
  it('is built with its format, sorted tables and files, and the dump entry of its engine', () => {
    const m = manifest();
    expect(m).toMatchObject({
      format: 'sopka-backup',
      version: BACKUP_FORMAT_VERSION,
      engine: 'postgres',
      created_at: '2026-11-28T09:00:00.000Z',
      database_file: 'database.pgdump',
    });
    expect(Object.keys(m.tables)).toEqual(['drizzle.__drizzle_migrations', 'public.bookings', 'public.users']);
    expect(m.uploads.files.map((f) => f.path)).toEqual(['avatars/a.webp', 'ideas/b-cover.webp']);
    expect(buildManifest({ ...m, createdAt: new Date(), appVersion: '1', engine: 'pglite' }).database_file).toBe(
      'pglite-data.tar.gz',
    );
  });

  it('parses back what it wrote', () => {
    expect(parseManifest(JSON.stringify(manifest()))).toEqual(manifest());
  });

  it('refuses what is not a manifest of this format, naming the bad fields', () => {
    expect(() => parseManifest('not json')).toThrow(/not a Sopka backup/);
    expect(() => parseManifest('{"format":"other"}')).toThrow(/not a Sopka backup/);
    expect(() => parseManifest(JSON.stringify({ ...manifest(), version: 2 }))).toThrow(/format version 2/);
    expect(() => parseManifest(JSON.stringify({ ...manifest(), tables: { 'public.users': -1 } }))).toThrow(
      /bad fields: tables/,
    );
    const escaping = {
      ...manifest(),
      uploads: { stored: 'disk', files: [{ path: '../etc/passwd', size: 1, sha256: sha('c') }] },
    };
    expect(() => parseManifest(JSON.stringify(escaping))).toThrow(/bad fields: uploads\.files/);
    expect(() => parseManifest(JSON.stringify({ ...manifest(), database_file: 'pglite-data.tar.gz' }))).toThrow(
      /database_file/,
    );
  });

  it('upload paths stay inside the uploads directory', () => {
    expect(isSafeUploadPath('ideas/x-cover.webp')).toBe(true);
    for (const bad of ['', '/etc/passwd', '../x', 'ideas/../../x', 'a//b', 'a\\b', './a'])
      expect(isSafeUploadPath(bad)).toBe(false);
  });

  it('row counts: every difference is named; an extra empty table is no difference', () => {
    expect(
      compareTableCounts({ 'public.a': 1, 'public.b': 2 }, { 'public.a': 1, 'public.b': 2, 'public.new': 0 }),
    ).toEqual([]);
    expect(compareTableCounts({ 'public.a': 1, 'public.b': 2 }, { 'public.a': 3, 'public.c': 4 })).toEqual([
      'public.a: 3 rows, expected 1',
      'public.b: missing (expected 2 rows)',
      'public.c: not in the backup (4 rows)',
    ]);
  });

  it('uploads: missing, changed and extra files are named', () => {
    const expected = [
      { path: 'a.webp', size: 1, sha256: sha('a') },
      { path: 'b.webp', size: 1, sha256: sha('b') },
    ];
    expect(compareUploads(expected, expected)).toEqual([]);
    expect(
      compareUploads(expected, [
        { path: 'a.webp', size: 1, sha256: sha('c') },
        { path: 'z.webp', size: 1, sha256: sha('z') },
      ]),
    ).toEqual([
      `a.webp: content differs (sha256 ${sha('c')}, expected ${sha('a')})`,
      'b.webp: missing',
      'z.webp: not in the backup',
    ]);
  });

  it('a database is in use when a table other than the migrations’ own has rows', () => {
    expect(tablesInUse({ 'drizzle.__drizzle_migrations': 22, 'public.content_version': 2, 'public.users': 0 })).toEqual(
      [],
    );
    expect(tablesInUse({ 'public.content_version': 2, 'public.users': 1 })).toEqual(['public.users (1 rows)']);
  });
});
