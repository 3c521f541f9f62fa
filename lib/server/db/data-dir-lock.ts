import 'server-only';
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';

/**
 * PGlite is one process's database: a second process that opens the same data directory writes over the first's
 * pages and corrupts it (seen with two servers started on one DATA_DIR: "Aborted()" on every query after). A lock
 * file beside the directory, holding the owner's pid, makes the second process stop with a clear message instead.
 * A lock whose process has ended (a killed server) is taken over.
 */
const owned = new Map<string, number>();

const lockPath = (dataDir: string) => `${dataDir.replace(/\/+$/, '')}.lock`;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The embedded database in ${dataDir} is open in process ${pid}. PGlite serves one process: stop that one, ` +
        `use another DATA_DIR, or set DATABASE_URL (PostgreSQL) to run several. If no such process uses it, delete ${lockPath(dataDir)}.`,
    );
    this.name = 'DataDirInUseError';
  }
}

/** Takes the directory for this process (again, if it already has it); answers the release. */
export function lockDataDir(dataDir: string): () => void {
  const path = lockPath(dataDir);
  const release = () => {
    const count = (owned.get(path) ?? 1) - 1;
    if (count > 0) return void owned.set(path, count);
    owned.delete(path);
    rmSync(path, { force: true });
  };
  if (owned.has(path)) {
    owned.set(path, owned.get(path)! + 1);
    return release;
  }
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      owned.set(path, 1);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(path, 'utf8').trim());
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && processAlive(holder))
        throw new DataDirInUseError(dataDir, holder);
      // Left by a process that has ended (or by this one before a restart of its module state).
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${path}`);
}
