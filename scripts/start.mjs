// `npm start`: build when there is no build or the sources changed since it was made (after a `git pull`),
// prepare the database (migrations, demo content), then serve on PORT (default 3000). A deployment's settings
// are checked by `next start` itself (next.config.ts).
import { spawn } from 'node:child_process';
import { buildIsStale } from './build-state.mjs';
import './load-env.mjs';

const running = new Set();

/**
 * Runs a command; resolves with the seconds it took. When it fails, the other step is stopped (a database still
 * being prepared would go on holding PGlite's files after this script exited) and this exits with its code.
 */
const run = (command, args) => {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env: process.env });
    running.add(child);
    child.on('exit', (code) => {
      running.delete(child);
      if (code !== 0) {
        for (const other of running) other.kill('SIGTERM');
        process.exit(code ?? 1);
      }
      resolve(((Date.now() - started) / 1000).toFixed(1));
    });
  });
};

const NEXT = 'node_modules/next/dist/bin/next';

// The build never opens the database (pages with data render on their first visit), so the database is prepared
// while it builds: the build's single-threaded stretches leave a core to the migrations and demo pictures.
// Next is run by node itself, as `next start` below: `npx` first spends about a second finding it.
const [built, prepared] = await Promise.all([
  buildIsStale() ? run(process.execPath, [NEXT, 'build']) : null,
  run('npm', ['run', '--silent', 'db:prepare']),
]);
console.log(`npm start: ${built ? `built in ${built} s, ` : ''}database prepared in ${prepared} s`);

// The server owns SIGTERM and SIGINT (it drains: instrumentation.ts), which Next allows only when
// NEXT_MANUAL_SIG_HANDLE is in its environment at start. This script passes on the signals it gets (from npm or
// a supervisor) and exits with the server's code.
// Idle connections stay open longer than nginx keeps its upstream ones (60 s) and than clients reuse theirs: with
// Node's 5 s, a request sent on a socket the server was just closing failed with ECONNRESET.
const KEEP_ALIVE_MS = '75000';
const server = spawn(
  process.execPath,
  [NEXT, 'start', '-p', process.env.PORT ?? '3000', '--keepAliveTimeout', KEEP_ALIVE_MS, ...process.argv.slice(2)],
  { stdio: 'inherit', env: { ...process.env, NEXT_MANUAL_SIG_HANDLE: 'true' } },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 1));
