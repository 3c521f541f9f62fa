// `npm start`: build when there is no build or the sources changed since it was made (after a `git pull`),
// prepare the database (migrations, demo content), then serve on PORT (default 3000). A deployment's settings
// are checked by `next start` itself (next.config.ts).
import { spawnSync } from 'node:child_process';
import { buildIsStale } from './build-state.mjs';
import './load-env.mjs';

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (buildIsStale()) run('npx', ['next', 'build']);
run('npm', ['run', '--silent', 'db:prepare']);
run('npx', ['next', 'start', '-p', process.env.PORT ?? '3000', ...process.argv.slice(2)]);
