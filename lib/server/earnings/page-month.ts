import 'server-only';
import { localMonth, MONTH_PATTERN } from '@/lib/time/local-month';

/** The month a page's `?month=` names, else (absent or not a month) the current Vladivostok month. */
export function monthOfPage(param: string | string[] | undefined, now = new Date()): string {
  return typeof param === 'string' && MONTH_PATTERN.test(param) ? param : localMonth(now);
}
