import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startupProblem } from '@/lib/config/startup-check';

const ROOT = path.resolve(__dirname, '../..');
// The e2e port: in `npm test` these run before the e2e suite starts its server there.
const PORT = process.env.E2E_PORT ?? '3100';
const GOOD_SECRET = 'a-production-secret-of-at-least-32-characters';

describe('startupProblem', () => {
  it('lets development start without a secret', () => {
    expect(startupProblem({})).toBeNull();
    expect(startupProblem({ APP_ENV: 'development' })).toBeNull();
  });

  it('refuses production without a secret of at least 32 characters', () => {
    expect(startupProblem({ APP_ENV: 'production' })).toMatch(/JWT_SECRET.*not set/);
    expect(startupProblem({ APP_ENV: 'production', JWT_SECRET: '' })).toMatch(/JWT_SECRET.*not set/);
    expect(startupProblem({ APP_ENV: 'production', JWT_SECRET: 'x'.repeat(31) })).toMatch(/JWT_SECRET.*has 31/);
    expect(startupProblem({ APP_ENV: 'production', JWT_SECRET: 'x'.repeat(32) })).toBeNull();
  });

  it('refuses production with a payment driver whose secrets are missing', () => {
    const production = { APP_ENV: 'production', JWT_SECRET: GOOD_SECRET };
    expect(startupProblem({ ...production, PAYMENT_DRIVER: 'none' })).toBeNull();
    expect(startupProblem({ ...production, PAYMENT_DRIVER: 'yookassa', YOOKASSA_SHOP_ID: '1' })).toMatch(
      /PAYMENT_DRIVER=yookassa needs YOOKASSA_SECRET_KEY/,
    );
    expect(startupProblem({ ...production, PAYMENT_DRIVER: 'stripe' })).toMatch(
      /PAYMENT_DRIVER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/,
    );
    expect(
      startupProblem({ ...production, PAYMENT_DRIVER: 'stripe', STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh' }),
    ).toBeNull();
    // Development starts, and says so at the first payment (env() names the missing secret).
    expect(startupProblem({ PAYMENT_DRIVER: 'stripe' })).toBeNull();
  });
});

interface Started {
  code: number | null;
  stderr: string;
  output: string;
  /** The status of /robots.txt once the process answered HTTP, else null. */
  answered: number | null;
}

const running = new Set<ChildProcess>();
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
});

/**
 * `next start` as a deployment runs it, asked for /robots.txt until it answers (then stopped) or exits. It loads next.config.ts
 * before it looks for a build, so the refusal needs no build; with a good secret it serves when a build exists,
 * and otherwise goes on to Next's own missing-build error.
 */
async function nextStart(env: Record<string, string>): Promise<Started> {
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'start', '-H', '127.0.0.1', '-p', PORT],
    {
      cwd: ROOT,
      env: { ...process.env, APP_ENV: '', JWT_SECRET: '', NODE_ENV: 'production', ...env },
    },
  );
  running.add(child);
  let stderr = '';
  let output = '';
  child.stderr.on('data', (chunk) => ((stderr += chunk), (output += chunk)));
  child.stdout.on('data', (chunk) => (output += chunk));
  let exitCode: number | null | undefined;
  const exited = new Promise<void>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code;
      running.delete(child);
      resolve();
    }),
  );
  let answered: number | null = null;
  while (exitCode === undefined && answered === null) {
    answered = await fetch(`http://127.0.0.1:${PORT}/robots.txt`).then(
      (response) => response.status,
      () => null,
    );
    if (answered === null) await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 200))]);
  }
  if (answered !== null) child.kill('SIGTERM');
  await exited;
  return { code: exitCode ?? null, stderr, output, answered };
}

describe('a production server process', () => {
  it.each([
    ['without JWT_SECRET', {}, 'it is not set'],
    ['with a short JWT_SECRET', { JWT_SECRET: 'too-short' }, 'it has 9'],
  ])(
    'refuses to start %s, with a one-line reason',
    async (_name, secret, reason) => {
      const started = await nextStart({ APP_ENV: 'production', ...secret });
      expect(started.answered).toBeNull();
      expect(started.code).toBe(1);
      const lines = started.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('JWT_SECRET');
      expect(lines[0]).toContain(reason);
    },
    60_000,
  );

  it('starts with a good JWT_SECRET', async () => {
    const started = await nextStart({ APP_ENV: 'production', JWT_SECRET: GOOD_SECRET });
    expect(started.stderr).not.toContain('Refusing to start');
    if (existsSync(path.join(ROOT, '.next/BUILD_ID'))) expect(started.answered).toBe(200);
    else expect(started.output).toContain('Could not find a production build');
  }, 60_000);
});
