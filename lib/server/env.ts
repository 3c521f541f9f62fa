import 'server-only';
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
  MOBILE_BREAKPOINT: z.coerce.number().int().min(320).max(2000).default(DEFAULT_MOBILE_BREAKPOINT),
});

export type ServerEnv = z.infer<typeof envSchema>;

let cached: ServerEnv | undefined;

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
