// `npm start`: build when there is no build or the sources changed since it was made (after a `git pull`),
// prepare the database (migrations, demo content), then serve on PORT (default 3000). A deployment's settings
// are checked by `next start` itself (next.config.ts).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import './load-env.mjs';

/** What the build is made from: a change to any of these makes the build stale. */
const SOURCES = [
  'app',
  'components',
  'lib',
  'messages',
  'public',
  'middleware.ts',
  'instrumentation.ts',
  'next.config.ts',
  'package-lock.json',
  'tsconfig.json',
];

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

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

const BUILD_ID = '.next/BUILD_ID';
const builtAt = existsSync(BUILD_ID) ? statSync(BUILD_ID).mtimeMs : 0;
if (SOURCES.some((entry) => newestChange(entry) > builtAt)) run('npx', ['next', 'build']);
run('npm', ['run', '--silent', 'db:prepare']);

// The server owns SIGTERM and SIGINT (it drains: instrumentation.ts), which Next allows only when
// NEXT_MANUAL_SIG_HANDLE is in its environment at start. This script passes on the signals it gets (from npm or
// a supervisor) and exits with the server's code.
const server = spawn(
  process.execPath,
  ['node_modules/next/dist/bin/next', 'start', '-p', process.env.PORT ?? '3000', ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, NEXT_MANUAL_SIG_HANDLE: 'true' } },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 1));
