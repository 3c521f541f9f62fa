/**
 * Who may move a booking from one state to another: the one table the server checks before every change
 * (docs/booking-states.md repeats it for people). A move that is not here is refused.
 */

/** Every state a booking can be in (the database's `bookings.status` takes its values from here). */
export const BOOKING_STATES = [
  'requested',
  /** A private booking the guide answered with another start time: the traveller accepts it or cancels. */
  'countered',
  'awaiting_payment',
  'confirmed',
  'cancelled',
  'declined',
  'expired',
] as const;
export type BookingState = (typeof BOOKING_STATES)[number];
export type BookingActor = 'traveller' | 'guide' | 'system' | 'moderation';

export interface BookingTransition {
  from: BookingState;
  to: BookingState;
  who: BookingActor;
  /** Whether the seats the booking held go back to the departure. */
  freesSeats: boolean;
  /**
   * The booking takes its seats again (a payment that arrived after its hold ended, while seats remain): made by
   * the payment's settlement, which takes them in the same UPDATE, never by a plain move.
   */
  takesSeats?: true;
}

export const BOOKING_TRANSITIONS: readonly BookingTransition[] = [
  { from: 'requested', to: 'confirmed', who: 'guide', freesSeats: false },
  { from: 'requested', to: 'declined', who: 'guide', freesSeats: true },
  { from: 'requested', to: 'cancelled', who: 'traveller', freesSeats: true },
  { from: 'requested', to: 'expired', who: 'system', freesSeats: true },
  { from: 'requested', to: 'cancelled', who: 'moderation', freesSeats: true },
  { from: 'confirmed', to: 'cancelled', who: 'traveller', freesSeats: true },
  { from: 'confirmed', to: 'cancelled', who: 'moderation', freesSeats: true },
  // The guide removing an idea, or moderation removing it: its live bookings end, and are refunded in full.
  { from: 'requested', to: 'cancelled', who: 'guide', freesSeats: true },
  { from: 'confirmed', to: 'cancelled', who: 'guide', freesSeats: true },
  // Paying online (docs/payments.md): the seats are held unpaid until the payment settles or the hold ends.
  { from: 'awaiting_payment', to: 'confirmed', who: 'system', freesSeats: false },
  { from: 'awaiting_payment', to: 'requested', who: 'system', freesSeats: false },
  { from: 'awaiting_payment', to: 'expired', who: 'system', freesSeats: true },
  { from: 'awaiting_payment', to: 'cancelled', who: 'traveller', freesSeats: true },
  { from: 'awaiting_payment', to: 'cancelled', who: 'guide', freesSeats: true },
  { from: 'awaiting_payment', to: 'cancelled', who: 'moderation', freesSeats: true },
  // A private idea (lib/bookings/private-slots.ts): the guide answers a proposed time with another one, which the
  // traveller accepts; until then it holds the guide's time and waits for the traveller as a request waits.
  { from: 'requested', to: 'countered', who: 'guide', freesSeats: false },
  { from: 'countered', to: 'confirmed', who: 'traveller', freesSeats: false },
  { from: 'countered', to: 'cancelled', who: 'traveller', freesSeats: true },
  { from: 'countered', to: 'expired', who: 'system', freesSeats: true },
  { from: 'countered', to: 'cancelled', who: 'guide', freesSeats: true },
  { from: 'countered', to: 'cancelled', who: 'moderation', freesSeats: true },
  { from: 'expired', to: 'confirmed', who: 'system', freesSeats: false, takesSeats: true },
  { from: 'expired', to: 'requested', who: 'system', freesSeats: false, takesSeats: true },
];

/** The transition `who` may make from `from` to `to`, or null when the table has none. */
export function transitionOf(from: BookingState, to: BookingState, who: BookingActor): BookingTransition | null {
  return BOOKING_TRANSITIONS.find((t) => t.from === from && t.to === to && t.who === who) ?? null;
}

/**
 * The `end_reason` of a booking ended because its idea was removed (by its guide or moderation): the pages and
 * emails say so in the reader's language, and everything paid comes back.
 */
export const IDEA_REMOVED = 'idea_removed';

/** Whether `who` may move a booking from `from` to `to`. */
export function canMove(from: BookingState, to: BookingState, who: BookingActor): boolean {
  return transitionOf(from, to, who) !== null;
}

/** The states `who` may move a booking to `to` from: the condition of the one UPDATE that makes the move. */
export function statesMovableTo(to: BookingState, who: BookingActor): BookingState[] {
  return BOOKING_TRANSITIONS.filter((t) => t.to === to && t.who === who && !t.takesSeats).map((t) => t.from);
}

/** A booking in these states holds its seats on the departure. */
export const HOLDING_STATES: readonly BookingState[] = ['requested', 'countered', 'awaiting_payment', 'confirmed'];

/** A booking in these states waits for an answer until `respond_by`: the guide's to a request, the traveller's to a
 * counter-proposal. */
export const ANSWER_STATES: readonly BookingState[] = ['requested', 'countered'];

/**
 * A booking in these states is over: nothing moves it again, save a payment arriving late for an expired one
 * (which takes the seats again when some remain).
 */
export function isFinal(state: BookingState): boolean {
  return !BOOKING_TRANSITIONS.some((t) => t.from === state && !t.takesSeats);
}

/** How long a guide may take to answer a request (the idea editor's range; 24 by default). */
export const MIN_RESPONSE_HOURS = 2;
export const MAX_RESPONSE_HOURS = 72;
