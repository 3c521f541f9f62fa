import type { CancellationPolicy } from '@/lib/bookings/cancellation';
import type { CreateBookingBody } from '@/lib/contract/bookings';
import type { Page } from '@/lib/listing/pagination';
import { apiClient, localeHeaders } from './client';

export type BookingStatus =
  'requested' | 'countered' | 'awaiting_payment' | 'confirmed' | 'cancelled' | 'declined' | 'expired';

/** Bookings in these states are over: listed under "cancelled" with the reason. */
export const ENDED_STATUSES: readonly BookingStatus[] = ['cancelled', 'declined', 'expired'];
export const isEnded = (status: BookingStatus) => ENDED_STATUSES.includes(status);

/** A booking's online payment (lib/server/bookings/booking-money.ts). */
export interface BookingPayment {
  status: 'pending' | 'succeeded' | 'canceled' | 'failed';
  due_online: number;
  paid_online: number;
  on_the_day: number;
  /** When an unpaid booking gives its seats back. */
  hold_until: string | null;
  refunds: { amount: number; status: 'pending' | 'succeeded' | 'failed'; reason: string; created_at: string }[];
}

/** A booking as the API answers it (lib/server/bookings/booking-resource.ts, bookingResources). */
export interface BookingResource {
  id: number;
  hid: string;
  type: 'bookings';
  attributes: {
    status: BookingStatus;
    adults: number;
    children: number;
    total: number;
    currency: string;
    symbol: string;
    /** Bookings made before the phone was asked for have none. */
    contact: { name: string; phone?: string; email?: string; comment?: string };
    starts_at: string;
    upcoming: boolean;
    /** When the trip ends: a review is possible from then on. */
    ends_at: string;
    created_at: string;
    cancelled_at: string | null;
    traveller_name: string;
    traveller_hid: string;
    /** The trip has ended, the booking was not cancelled and has no review yet. */
    can_review: boolean;
    review: { hid: string; rating: number } | null;
    /** The terms the booking was made under. */
    cancellation_policy: CancellationPolicy;
    /** Null for a non-refundable booking. */
    free_cancellation_until: string | null;
    can_cancel: boolean;
    /** The pair's conversation, null for bookings made before there were any. */
    conversation_hid: string | null;
    meeting_point: { text: string; lat: number | null; lon: number | null } | null;
    /** A request's deadline for the guide's answer (a counter-proposal's: the traveller's). */
    respond_by: string | null;
    /** A private trip: the time the traveller proposed, and the guide's other time once proposed. */
    proposal: { proposed_start: string; counter_start: string | null } | null;
    ended_by: 'traveller' | 'guide' | 'moderation' | 'system' | null;
    /** The guide's message when they declined. */
    end_reason: string | null;
    /** Paid online (whole units of `currency`); null when everything is paid to the guide on the day. */
    payment: BookingPayment | null;
  };
  relationships: {
    idea: { data: { id: number; hid: string; title: string; deleted: boolean; cover_url: string | null } };
  };
}

export type NewBooking = Omit<CreateBookingBody, 'children'> & { children: number };

/**
 * POST /bookings (201); a 409 means the date has no seats left for this group. Paid online, the answer names the
 * gateway's page the traveller goes on to (`paymentUrl`).
 */
export async function createBooking(
  booking: NewBooking,
  locale: string,
): Promise<{ booking: BookingResource; paymentUrl: string | null }> {
  const { data } = await apiClient.post<{ data: BookingResource; meta?: { payment_url: string } }>(
    '/bookings',
    booking,
    { headers: localeHeaders(locale) },
  );
  return { booking: data.data, paymentUrl: data.meta?.payment_url ?? null };
}

/** POST /ideas/{hid}/proposals (201): a private trip at a free time; a 409 means the time was just taken. */
export async function proposePrivateTrip(
  ideaHid: string,
  proposal: Omit<NewBooking, 'idea_id' | 'idea_date_id'> & { day: string; time: string },
  locale: string,
): Promise<{ booking: BookingResource; paymentUrl: string | null }> {
  const { data } = await apiClient.post<{ data: BookingResource; meta?: { payment_url: string } }>(
    `/ideas/${ideaHid}/proposals`,
    proposal,
    { headers: localeHeaders(locale) },
  );
  return { booking: data.data, paymentUrl: data.meta?.payment_url ?? null };
}

/** GET /ideas/{hid}/availability: a private idea's free start times (local `HH:MM`) of one day. */
export async function fetchFreeTimes(ideaHid: string, day: string, locale: string): Promise<string[]> {
  return freeTimesAt(`/ideas/${ideaHid}/availability`, day, locale);
}

/** GET /bookings/{hid}/availability: a day's times the guide may move a private booking to (its own slot free). */
export async function fetchCounterTimes(bookingHid: string, day: string, locale: string): Promise<string[]> {
  return freeTimesAt(`/bookings/${bookingHid}/availability`, day, locale);
}

async function freeTimesAt(path: string, day: string, locale: string): Promise<string[]> {
  const { data } = await apiClient.get<{ data: { days: { day: string; times: string[] }[] } }>(path, {
    params: { from: day, to: day },
    headers: localeHeaders(locale),
  });
  return data.data.days[0]?.times ?? [];
}

/** POST /bookings/{hid}/counter-propose: the guide's other time for a private request. */
export async function counterPropose(hid: string, slot: { day: string; time: string }, locale: string) {
  return (
    await apiClient.post<{ data: BookingResource }>(`/bookings/${hid}/counter-propose`, slot, {
      headers: localeHeaders(locale),
    })
  ).data.data;
}

/** POST /bookings/{hid}/accept-counter: the traveller takes the guide's time. */
export async function acceptCounterProposal(hid: string, locale: string) {
  return (
    await apiClient.post<{ data: BookingResource }>(`/bookings/${hid}/accept-counter`, null, {
      headers: localeHeaders(locale),
    })
  ).data.data;
}

/** POST /bookings/{hid}/pay: the gateway's page again, while the booking waits for its payment. */
export async function reopenPayment(hid: string, locale: string): Promise<string> {
  return (
    await apiClient.post<{ meta: { payment_url: string } }>(`/bookings/${hid}/pay`, null, {
      headers: localeHeaders(locale),
    })
  ).data.meta.payment_url;
}

/** GET /bookings/{hid}: one booking of the traveller. */
export async function fetchBooking(hid: string, locale: string): Promise<BookingResource> {
  return (await apiClient.get<{ data: BookingResource }>(`/bookings/${hid}`, { headers: localeHeaders(locale) })).data
    .data;
}

/** GET /users/{id}/bookings: the traveller's own bookings, all of them (every page, 100 a page). */
export async function fetchUserBookings(userHid: string, locale: string): Promise<BookingResource[]> {
  const page = async (number: number) =>
    (
      await apiClient.get<Page<BookingResource>>(`/users/${userHid}/bookings`, {
        params: { page: number, limit: 100 },
        headers: localeHeaders(locale),
      })
    ).data;
  const first = await page(1);
  const rest = await Promise.all(Array.from({ length: first.meta.last_page - 1 }, (_, i) => page(i + 2)));
  return [first, ...rest].flatMap((p) => p.data);
}

export async function cancelBooking(hid: string, locale: string): Promise<BookingResource> {
  return (
    await apiClient.post<{ data: BookingResource }>(`/bookings/${hid}/cancel`, null, { headers: localeHeaders(locale) })
  ).data.data;
}

/** The filters of the bookings page: an ended booking (cancelled, declined, expired) is only under `cancelled`. */
export const BOOKING_FILTERS = ['upcoming', 'past', 'cancelled'] as const;
export type BookingFilter = (typeof BOOKING_FILTERS)[number];

/**
 * The bookings under each filter: upcoming trips soonest first; past ones and cancelled ones latest first.
 * "Upcoming" is the API's, by departure.
 */
export function groupBookings(bookings: BookingResource[]): Record<BookingFilter, BookingResource[]> {
  const time = (b: BookingResource) => Date.parse(b.attributes.starts_at);
  const kept = bookings.filter((b) => !isEnded(b.attributes.status));
  return {
    upcoming: kept.filter((b) => b.attributes.upcoming).sort((a, b) => time(a) - time(b)),
    past: kept.filter((b) => !b.attributes.upcoming).sort((a, b) => time(b) - time(a)),
    cancelled: bookings.filter((b) => isEnded(b.attributes.status)).sort((a, b) => time(b) - time(a)),
  };
}

/** The filter a group falls under: the named booking's, else the first one that has bookings. */
export function initialBookingFilter(
  groups: Record<BookingFilter, BookingResource[]>,
  namedHid: string | null,
): BookingFilter {
  const named = namedHid ? BOOKING_FILTERS.find((f) => groups[f].some((b) => b.hid === namedHid)) : undefined;
  return named ?? BOOKING_FILTERS.find((f) => groups[f].length > 0) ?? 'upcoming';
}
