/** The booking states the manifest names in words (messages `departures.states.*`); a newer one shows as is. */
export const MANIFEST_STATES = [
  'requested',
  'awaiting_payment',
  'confirmed',
  'cancelled',
  'declined',
  'expired',
] as const;
export type ManifestState = (typeof MANIFEST_STATES)[number];

export const isManifestState = (status: string): status is ManifestState =>
  (MANIFEST_STATES as readonly string[]).includes(status);

/** States that hold seats: the guide can still write to them, and cancelling the departure ends them. */
export const LIVE_STATES = ['requested', 'awaiting_payment', 'confirmed'] as const;
export const isLiveState = (status: string) => (LIVE_STATES as readonly string[]).includes(status);
