import 'server-only';
import path from 'node:path';
import { z } from 'zod';
import type { SiteConfig } from '@/lib/config/site-config';
import { DEFAULT_MOBILE_BREAKPOINT } from '@/lib/constants';
import { DEFAULT_TILE_URL, isTileUrl } from '@/lib/map/tiles';
import { parseAddressRanges } from '@/lib/http/address-ranges';
import { paymentSecretsProblem, PAYMENT_DRIVERS } from '@/lib/config/startup-check';

const optionalText = z
  .string()
  .optional()
  .or(z.literal('').transform(() => undefined));
/** A share of a price, in percent with at most two decimals (12.5 is fine). */
const percent = z.coerce
  .number()
  .min(0)
  .max(100)
  // 12.34 * 100 is 1234.0000000000002 in floating point: close enough to a whole number of hundredths.
  .refine((value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6, 'at most two decimals');

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
  /** How emails leave: `log` (stdout), `outbox` (a table tests read), `smtp` (SMTP_URL, through nodemailer). */
  EMAIL_DRIVER: z.enum(['log', 'outbox', 'smtp']).default('log'),
  /** The SMTP server of EMAIL_DRIVER=smtp, e.g. smtp://user:password@mail.example.com:587 (smtps:// for TLS). */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The sender of every email. */
  EMAIL_FROM: z.string().min(3).default('Sopka <no-reply@sopka.travel>'),
  NOMINATIM_URL: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Redis for the page cache every process shares (lib/server/cache); unset = each process keeps its own. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must be a redis:// or rediss:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Prefix of every Redis key the app writes, so several apps (or tests) can share one Redis database. */
  REDIS_KEY_PREFIX: z.string().min(1).default('sopka:'),
  /** How many reverse proxies in front append to X-Forwarded-For; 0 = none, the socket's peer is the client. */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Reads worked on at once by one process; the others wait in arrival order (lib/server/ops/admission.ts).
   * 0 = every request at once.
   */
  REQUEST_CONCURRENCY: z.coerce.number().int().min(0).max(1000).default(8),
  /** Open event streams (GET /api/v1/events) one process holds at most; beyond, 503 with Retry-After. */
  EVENTS_MAX_STREAMS: z.coerce.number().int().min(1).max(100_000).default(5_000),
  /** Open event streams of one user (tabs, devices) per process; beyond, 429 with Retry-After. */
  EVENTS_MAX_STREAMS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(5),
  MOBILE_BREAKPOINT: z.coerce.number().int().min(320).max(2000).default(DEFAULT_MOBILE_BREAKPOINT),
  /**
   * Next's own: any non-empty value in the environment of `next start` leaves SIGTERM/SIGINT to the app, which then
   * drains (lib/server/ops/shutdown.ts). `npm start` sets it.
   */
  NEXT_MANUAL_SIG_HANDLE: z.string().optional(),
  /** The least severe log line written (pino's levels); `silent` writes none. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Prometheus metrics at /api/metrics (lib/server/ops/metrics/); `off` collects nothing and answers 404. */
  METRICS: z.stringbool().default(true),
  /** A bearer token that reads /api/metrics from anywhere; unset = only from this machine (loopback). */
  METRICS_TOKEN: z
    .string()
    .min(16, 'METRICS_TOKEN must have at least 16 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** An S3-compatible bucket for uploads and seed pictures instead of DATA_DIR/uploads; no endpoint = AWS itself. */
  S3_ENDPOINT: z
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (3 to 63 of a-z, 0-9, "." and "-")')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Most self-hosted servers (MinIO, s3rver) address a bucket by path, not by a subdomain. */
  S3_FORCE_PATH_STYLE: z.stringbool().default(false),
  /**
   * The maps' tiles: a URL template with {z}, {x} and {y}, absolute or a path on this site. The build writes its
   * origin into the Content-Security-Policy (lib/config/security-headers.ts), so another origin needs a rebuild.
   */
  MAP_TILE_URL: z
    .string()
    .refine(isTileUrl, 'MAP_TILE_URL must be an http(s) URL or a path with {z}, {x} and {y}')
    .default(DEFAULT_TILE_URL)
    .or(z.literal('').transform(() => DEFAULT_TILE_URL)),
  /** Who takes money online (docs/payments.md): `none` = nothing is charged, the traveller pays the guide on the day. */
  PAYMENT_DRIVER: z.enum(PAYMENT_DRIVERS).default('none'),
  /** `prepay`: PREPAY_PERCENT online (the platform's commission), the rest on the day; `full`: everything online. */
  PAYMENT_MODE: z.enum(['prepay', 'full']).default('prepay'),
  PREPAY_PERCENT: percent.default(20),
  /** What the platform keeps of a booking paid in full (PAYMENT_MODE=full); the guide is owed the rest. */
  COMMISSION_PERCENT: percent.default(20),
  /** How long an unpaid booking holds its seats. */
  PAYMENT_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  YOOKASSA_SHOP_ID: optionalText,
  YOOKASSA_SECRET_KEY: optionalText,
  YOOKASSA_API_URL: z.url().default('https://api.yookassa.ru/v3'),
  /** Addresses and CIDR ranges YooKassa notifies from; empty = the sender's address is not checked. */
  YOOKASSA_WEBHOOK_IPS: z
    .string()
    .default('')
    .refine((value) => parseAddressRanges(value) !== null, 'YOOKASSA_WEBHOOK_IPS must list addresses or CIDR ranges'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Handed to the stripe SDK as its host, port and protocol (an emulator in the tests). */
  STRIPE_API_URL: z
    .url()
    .refine((value) => /^https?:$/.test(new URL(value).protocol), 'STRIPE_API_URL must be an http(s) URL')
    .default('https://api.stripe.com'),
});

const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Part of an S3 configuration would silently keep files on local disk, or fail only at the first upload. */
const checkedEnvSchema = envSchema.superRefine((value, context) => {
  if (value.EMAIL_DRIVER === 'smtp' && !value.SMTP_URL)
    context.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'EMAIL_DRIVER=smtp needs SMTP_URL' });
  const payments = paymentSecretsProblem(value);
  if (payments) context.addIssue({ code: 'custom', path: ['PAYMENT_DRIVER'], message: payments });
  const missing = S3_REQUIRED.filter((name) => !value[name]);
  if ((value.S3_ENDPOINT || missing.length < S3_REQUIRED.length) && missing.length) {
    context.addIssue({
      code: 'custom',
      path: [missing[0]],
      message: `S3 storage needs ${S3_REQUIRED.join(', ')} together; missing: ${missing.join(', ')}`,
    });
  }
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
    const parsed = checkedEnvSchema.safeParse(process.env);
    if (!parsed.success) {
      throw new Error(`Invalid environment: ${z.prettifyError(parsed.error)}`);
    }
    cached = parsed.data;
  }
  return cached;
}

/** The settings the browser needs (lib/config/site-config.ts), from the environment. */
export function siteConfig(): SiteConfig {
  const e = env();
  return {
    messengerUrl: e.MESSENGER_URL,
    analyticsCounterId: e.ANALYTICS_COUNTER_ID ?? null,
    mobileBreakpoint: e.MOBILE_BREAKPOINT,
  };
}
