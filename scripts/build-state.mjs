// Whether the production build in `.next` was made from the current sources: `npm start` and
// `npm run start:cluster` rebuild when it was not (after a `git pull`, an edit, a new lockfile).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the build is made from: a change to any of these makes the build stale. */
const SOURCES = [
  'app',
  'components',
  'lib',
  'messages',
  'public',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.ts',
  'package-lock.json',
  'tsconfig.json',
];

const BUILD_ID = '.next/BUILD_ID';

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const file of readdirSync(entry, { recursive: true, withFileTypes: true })) {
    if (file.isFile()) newest = Math.max(newest, statSync(path.join(file.parentPath, file.name)).mtimeMs);
  }
  return newest;
}

/** True when there is no build or a source changed after it was made (paths relative to the current directory). */
export function buildIsStale() {
  const builtAt = existsSync(BUILD_ID) ? statSync(BUILD_ID).mtimeMs : 0;
  return SOURCES.some((entry) => newestChange(entry) > builtAt);
}
