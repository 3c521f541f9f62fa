// `npm run test:e2e`: a fresh production build, then the Playwright journeys against `next start`.
import { spawnSync } from 'node:child_process';
import { findChromium } from './chromium.mjs';

let chromium;
try {
  chromium = await findChromium();
} catch (error) {
  console.error(error.message);
  process.exit(1);
}

const env = { ...process.env, CHROMIUM_PATH: chromium };
const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!process.env.E2E_SKIP_BUILD) run('npx', ['next', 'build']);
run('npx', ['playwright', 'test', ...process.argv.slice(2)]);
