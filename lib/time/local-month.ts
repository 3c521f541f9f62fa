import { localDay, localDayStart } from './local-time';

/**
 * Vladivostok months, named `YYYY-MM`: the periods of the guide's earnings and the platform's payouts. A trip
 * belongs to the month of its local start day.
 */

export const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** The local month of an instant. */
export const localMonth = (instant: Date): string => localDay(instant).slice(0, 7);

/** The month after `month`. */
export function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

/** The month before `month`. */
export function previousMonth(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, '0')}`;
}

/** The instants of a local month: from its first local midnight, up to (not including) the next month's. */
export function localMonthRange(month: string): { from: Date; until: Date } {
  return { from: localDayStart(`${month}-01`), until: localDayStart(`${nextMonth(month)}-01`) };
}
