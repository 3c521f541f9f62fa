/**
 * The web addresses of a message as parts, so that once a booking of the pair is confirmed (the conversation's
 * `contacts_visible`, decided by the server) the UI makes them links. Only what starts with http://, https:// or
 * www. is one; punctuation that ends a sentence after an address stays text.
 */
export type LinkPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const ADDRESS = /\b(?:https?:\/\/|www\.)[^\s<>"]+/giu;
/** Closing punctuation and quotes that end the sentence rather than the address. */
const TRAILING = /[.,!?;:'»”)\]]+$/u;

export function linkParts(text: string): LinkPart[] {
  const parts: LinkPart[] = [];
  let from = 0;
  for (const match of text.matchAll(ADDRESS)) {
    let address = match[0];
    // A ")" that closes one opened inside the address (Wikipedia's "(band)") belongs to it.
    const trailing = TRAILING.exec(address)?.[0] ?? '';
    if (trailing) address = address.slice(0, address.length - trailing.length);
    if (trailing.startsWith(')') && address.includes('(')) address += ')';
    const href = /^www\./i.test(address) ? `https://${address}` : address;
    if (!URL.canParse(href) || !/^www\.|^https?:\/\/[^/?#.]+\.[^/?#]/i.test(address)) continue;
    if (match.index > from) parts.push({ kind: 'text', text: text.slice(from, match.index) });
    parts.push({ kind: 'link', text: address, href });
    from = match.index + address.length;
  }
  if (from < text.length) parts.push({ kind: 'text', text: text.slice(from) });
  return parts;
}
