import 'server-only';
import { spawn } from 'node:child_process';

// PostgreSQL's client programs (pg_dump, pg_restore), run as child processes.

/** pg_dump and pg_restore get the URL without its password (argv is visible to every user): PGPASSWORD carries it. */
export function libpqArgs(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

export function run(command: string, args: string[], processEnv: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: processEnv, stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', (error) =>
      reject(
        (error as NodeJS.ErrnoException).code === 'ENOENT'
          ? new Error(`${command} is not installed (Debian: apt-get install postgresql-client).`)
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} failed (exit code ${code}):\n${stderr.trim()}`)),
    );
  });
}
