import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb } from '../db';
import { env } from '../platform/env';
import { fileStorage } from '../platform/storage';
import { logger } from './logger';
import { TimeoutError, withTimeout } from './timeout';

/** Each dependency must answer within this, or the process is not ready. */
export const READINESS_TIMEOUT_MS = 2_000;

/** Resolves when the dependency answers; rejects (with the reason) when it does not. */
export type ReadinessCheck = () => Promise<unknown>;

type ReadinessState = { checks: Map<string, ReadinessCheck> };
// Shared by every module instance of the process, so a check registered by one is run by the route.
const state = ((globalThis as { __sopkaReadiness?: ReadinessState }).__sopkaReadiness ??= { checks: new Map() });

/** Adds a dependency readiness waits for, beyond the database, Redis and S3 (which it knows from the env). */
export function registerReadinessCheck(name: string, check: ReadinessCheck): void {
  state.checks.set(name, check);
}

/**
 * Each check's result. The answer is public, so it says only which dependency failed and whether it was
 * slow: the error itself (hosts, ports, users) goes to the log.
 */
export type CheckResult = 'ok' | 'timeout' | 'error';

export interface Readiness {
  ready: boolean;
  checks: Record<string, CheckResult>;
}

/** Runs every check in parallel, each bounded by READINESS_TIMEOUT_MS. */
export async function readiness(): Promise<Readiness> {
  const checks = [...configuredChecks(), ...state.checks];
  const results = await Promise.all(
    checks.map(([name, check]) =>
      withTimeout(check(), READINESS_TIMEOUT_MS).then(
        (): [string, CheckResult] => [name, 'ok'],
        (error: unknown): [string, CheckResult] => {
          logger().warn({ err: error, check: name }, 'readiness check failed');
          return [name, error instanceof TimeoutError ? 'timeout' : 'error'];
        },
      ),
    ),
  );
  return { ready: results.every(([, result]) => result === 'ok'), checks: Object.fromEntries(results) };
}

function configuredChecks(): [string, ReadinessCheck][] {
  const { REDIS_URL, S3_BUCKET } = env();
  const checks: [string, ReadinessCheck][] = [['database', pingDatabase]];
  if (REDIS_URL) checks.push(['redis', () => pingRedis(REDIS_URL)]);
  if (S3_BUCKET) checks.push(['storage', () => fileStorage().ready()]);
  return checks;
}

async function pingDatabase(): Promise<void> {
  await (await getDb()).execute(sql`select 1`);
}

/**
 * A connection of its own per probe: it proves that a new connection can be opened (what a restarted
 * client would need), and a probe never disturbs the connection the cache uses.
 */
async function pingRedis(url: string): Promise<void> {
  const { createClient } = await import('redis');
  const client = createClient({
    url,
    socket: { connectTimeout: READINESS_TIMEOUT_MS, reconnectStrategy: false },
    disableOfflineQueue: true,
  });
  // Without a listener an unreachable server would be an uncaught 'error' event.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
  } finally {
    client.destroy();
  }
}
