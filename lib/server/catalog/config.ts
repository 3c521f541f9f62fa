import 'server-only';
import type { AppConfig } from '@/lib/contract/catalog';
import { env } from '../platform/env';

/** GET /config: service mode and which sign-in methods are on (from env). */
export function getConfig(): AppConfig {
  const e = env();
  return { service_mode: e.SERVICE_MODE, auth: { phone_auth: e.AUTH_PHONE, email_auth: e.AUTH_EMAIL } };
}
