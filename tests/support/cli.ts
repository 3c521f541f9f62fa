import { spawnSync } from 'node:child_process';

/**
 * A TypeScript script of scripts/ run as its `npm run` line runs it (tsx, the .env files, the react-server
 * condition that server modules need), as an operator would: its exit code and output.
 */
export function runScript(script: string, args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', '--import', './scripts/load-env.mjs', script, ...args],
    { cwd: process.cwd(), env, encoding: 'utf8', timeout: 120_000 },
  );
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
