import { existsSync, rmSync } from 'node:fs';
import { afterAll, beforeAll } from 'vitest';
import { seededDataDir } from './next-server';

/** Whether there is a build to start: the tests of the real server are skipped without one. */
export const BUILT = existsSync('.next/BUILD_ID');
/** The port of the real-server tests (their files run one at a time) and the server's address on it. */
export const PORT = Number(process.env.SERVER_TEST_PORT ?? 3190);
export const BASE = `http://127.0.0.1:${PORT}`;

/**
 * A seeded data directory for the servers of the calling test file: made before its tests when there is a build,
 * removed after them. The function returned gives its path.
 */
export function seededDataDirForFile(prefix: string): () => string {
  let dataDir = '';
  beforeAll(async () => {
    if (BUILT) dataDir = await seededDataDir(prefix);
  });
  afterAll(() => {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return () => dataDir;
}
