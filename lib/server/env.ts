import 'server-only';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MOBILE_BREAKPOINT } from '@/lib/constants';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  SITE_URL: z.url().default('http://localhost:3000'),
  MESSENGER_URL: z.url().default('https://t.me/sopka_travel'),
  ANALYTICS_COUNTER_ID: z
    .string()
    .regex(/^\d+$/, 'ANALYTICS_COUNTER_ID must be the numeric counter id')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** `production` on a real deployment: secrets are required and cookies are Secure. `next start` alone is not that. */
  APP_ENV: z.enum(['development', 'production']).default('development'),
  JWT_SECRET: z
    .string()
    .min(32, 'JWT_SECRET must have at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3_000),
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  DATABASE_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(30_000),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  SERVICE_MODE: z.stringbool().default(false),
  AUTH_PHONE: z.stringbool().default(true),
  AUTH_EMAIL: z.stringbool().default(true),
  SMS_DRIVER: z.enum(['log', 'outbox', 'http']).default('log'),
  SMS_HTTP_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SMS_HTTP_TOKEN: z.string().optional(),
  NOMINATIM_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** How many reverse proxies in front append to X-Forwarded-For; 0 = none, the socket's peer is the client. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  MOBILE_BREAKPOINT: z.coerce.number().int().min(320).max(2000).default(DEFAULT_MOBILE_BREAKPOINT),
  /**
   * Next's own: any non-empty value in the environment of `next start` leaves SIGTERM/SIGINT to the app, which then
   * drains (lib/server/ops/shutdown.ts). `npm start` sets it.
   */
  NEXT_MANUAL_SIG_HANDLE: z.string().optional(),
  /** The least severe log line written (pino's levels); `silent` writes none. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_BUCKET: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
});

export type ServerEnv = z.infer<typeof envSchema>;

let cached: ServerEnv | undefined;

/** Where the app writes everything it keeps: the embedded database and uploads. */
export function dataDir(): string {
  return path.resolve(env().DATA_DIR);
}

/** The validated environment; a bad value stops the app with a message naming the variable. */
export function env(): ServerEnv {
  if (!cached) {
    const parsed = envSchema.safeParse(process.env);
    if (!parsed.success) {
      throw new Error(`Invalid environment: ${z.prettifyError(parsed.error)}`);
    }
    cached = parsed.data;
  }
  return cached;
}
