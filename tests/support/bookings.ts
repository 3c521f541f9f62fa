import { POST as book } from '@/app/api/v1/bookings/route';
import { call, type ApiResult } from './api';

/** The contact a test's booking gives when who books does not matter. */
export const GUEST_CONTACT = { name: 'Гость', phone: '+79141112233' };

/**
 * POST /bookings for the account of `headers`: a date of an idea, for one adult and no children with the guest's
 * contact unless the test says otherwise.
 */
export function postBooking(
  headers: Record<string, string> | undefined,
  ideaId: number,
  dateId: number,
  {
    adults = 1,
    children = 0,
    contact = GUEST_CONTACT,
  }: { adults?: number; children?: number; contact?: Record<string, string> } = {},
): Promise<ApiResult> {
  return call(book, '/api/v1/bookings', {
    headers,
    json: { idea_id: ideaId, idea_date_id: dateId, adults, children, contact },
  });
}
