import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connect } from '@/lib/server/db/client';
import { DataDirInUseError, lockDataDir } from '@/lib/server/db/data-dir-lock';
import { runScript } from '../support/cli';

const root = mkdtempSync(path.join(tmpdir(), 'sopka-lock-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('one process per embedded database', { timeout: 120_000 }, () => {
  it('refuses a second process on a DATA_DIR that a running one has open, and says which', async () => {
    const database = await connect({ dataDir: path.join(root, 'db') });
    try {
      const second = runScript('scripts/db-prepare.ts', [], { ...process.env, DATA_DIR: root, DATABASE_URL: '' });
      expect(second.status).not.toBe(0);
      expect(second.stderr).toContain(`is open in process ${process.pid}`);
      // The first process's database still answers.
      expect(await database.db.execute('select 1 as one')).toMatchObject({ rows: [{ one: 1 }] });
    } finally {
      await database.close();
    }
    expect(existsSync(path.join(root, 'db.lock'))).toBe(false);
  });

  it('takes over the lock of a process that has ended, and not that of one still running', async () => {
    const dir = path.join(root, 'other');
    const sleeper = spawn('sleep', ['30']);
    try {
      writeFileSync(`${dir}.lock`, String(sleeper.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    } finally {
      sleeper.kill();
      await new Promise((resolve) => sleeper.once('exit', resolve));
    }
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});
