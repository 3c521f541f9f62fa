/**
 * GET /ideas's `cursor`: where the previous page ended, so that the next one is read from there (keyset
 * pagination) rather than by skipping every row before it. Opaque to clients: base64url of JSON holding the
 * listing's order (`s`), and either the last row's sort value and id (`v`, `i`) or, for orders no index serves
 * from a given row (relevance, distance, quality), the number of rows before the next page (`o`).
 */
export type ListingCursor = { s: string; v: string | number | null; i: number } | { s: string; o: number };

export function encodeCursor(cursor: ListingCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

const isValue = (v: unknown) => v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v));
const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

/** The cursor a previous answer gave, or null when `text` is not one. */
export function decodeCursor(text: string): ListingCursor | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const c = parsed as Record<string, unknown>;
  if (typeof c.s !== 'string') return null;
  if ('o' in c) return isCount(c.o) ? { s: c.s, o: c.o } : null;
  return isValue(c.v) && isCount(c.i) ? { s: c.s, v: c.v as string | number | null, i: c.i } : null;
}
