/**
 * What a system message records (messages.event): its type names an entry of the `systemMessages` messages, drawn
 * in each reader's language (lib/server/conversations/system-message.ts); a new kind of booking change is one more
 * entry there.
 */
export interface SystemEvent {
  type: string;
  bookingHid?: string;
  /** A decline's or a cancellation's words, appended to the text. */
  reason?: string;
  /** A private booking's proposed or agreed start (ISO instant): the text's `{when}`. */
  start?: string;
  [key: string]: unknown;
}
