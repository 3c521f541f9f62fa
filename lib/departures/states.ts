import { BOOKING_STATES, HOLDING_STATES, type BookingState } from '@/lib/bookings/states';

/** The booking states the manifest names in words (messages `departures.states.*`): every state there is. */
export const MANIFEST_STATES = BOOKING_STATES;
export type ManifestState = BookingState;

export const isManifestState = (status: string): status is ManifestState =>
  (MANIFEST_STATES as readonly string[]).includes(status);

/** States that hold seats: the guide can still write to them, and cancelling the departure ends them. */
export const LIVE_STATES = HOLDING_STATES;
export const isLiveState = (status: string) => (LIVE_STATES as readonly string[]).includes(status);
