// A masked message's parts for the UI, apart from the masking itself (contact-mask.ts), whose patterns and number
// words would otherwise ship to every browser that shows a message.

/** What stands in for a hidden contact in a masked text (the UI splits on it). */
export const CONTACT_MARKER = '[contact hidden]';

/** A masked text as its plain parts and the hidden contacts between them. */
export function maskedParts(text: string): ({ kind: 'text'; text: string } | { kind: 'hidden' })[] {
  return text
    .split(CONTACT_MARKER)
    .flatMap((part, i): ({ kind: 'text'; text: string } | { kind: 'hidden' })[] => [
      ...(i > 0 ? [{ kind: 'hidden' as const }] : []),
      ...(part ? [{ kind: 'text' as const, text: part }] : []),
    ]);
}
