import 'server-only';
import type { SiteConfig } from '@/lib/config/site-config';
import { env } from './env';

export function siteConfig(): SiteConfig {
  const e = env();
  return {
    messengerUrl: e.MESSENGER_URL,
    analyticsCounterId: e.ANALYTICS_COUNTER_ID ?? null,
    mobileBreakpoint: e.MOBILE_BREAKPOINT,
  };
}
