import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect } from '@/lib/server/db/client';
import { seed } from '@/lib/server/db/seed';

/** A `next start` of the build, for the tests that need the real server's sockets and processes. */
export interface NextServer {
  base: string;
  process: ChildProcess;
  /** Every line the server wrote to stdout so far (with `captureOutput`). */
  lines: string[];
  /** The exit code, once the process has ended and its output is read. */
  exited: Promise<number | null>;
}

const START_TIMEOUT_MS = 60_000;

/** Starts `next start` on 127.0.0.1:`port` with `env` over this process's environment; resolves once it answers. */
export async function startNextServer(
  port: number,
  env: Record<string, string | undefined>,
  { captureOutput = false } = {},
): Promise<NextServer> {
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(path.resolve('node_modules/.bin/next'), ['start', '-H', '127.0.0.1', '-p', String(port)], {
    env: { ...process.env, NODE_ENV: 'production', SITE_URL: base, ...env },
    stdio: ['ignore', captureOutput ? 'pipe' : 'ignore', 'ignore'],
  });
  const lines: string[] = [];
  let partial = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop()!;
    lines.push(...parts);
  });
  // 'close', not 'exit': only then has everything the process wrote to stdout been read.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start on ${port} exited with ${child.exitCode}`);
    const answers = await fetch(`${base}/robots.txt`).then(
      (response) => response.ok,
      () => false,
    );
    if (answers) return { base, process: child, lines, exited };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`next start on ${port} did not answer within ${START_TIMEOUT_MS / 1000} s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Stops the server (SIGTERM lets it drain; SIGKILL when a test has no use for that) and waits for its end. */
export async function stopNextServer(server: NextServer, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (server.process.exitCode === null && server.process.signalCode === null) server.process.kill(signal);
  await server.exited;
}

/** A temporary data directory holding an embedded database with the demo content (without pictures). */
export async function seededDataDir(prefix: string): Promise<string> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  const database = await connect({ dataDir: path.join(dataDir, 'db') });
  await seed(database.db, { images: false });
  await database.close();
  return dataDir;
}
