/**
 * Merging message catalogues, apart from the lists of what each area sends (client-messages.ts): the browser
 * merges an area's messages into the shell's on every page and needs only this, not the lists.
 */
export type Messages = Record<string, unknown>;

export const isMessages = (value: unknown): value is Messages =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Two catalogues in one: namespaces present in both are merged key by key, `extra` winning on a clash. */
export function mergeMessages(base: Messages, extra: Messages): Messages {
  const merged: Messages = { ...base };
  for (const [key, value] of Object.entries(extra)) {
    merged[key] = isMessages(value) && isMessages(merged[key]) ? mergeMessages(merged[key], value) : value;
  }
  return merged;
}
