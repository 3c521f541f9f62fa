import { linkParts } from '@/lib/conversations/message-links';
import { MaskedText } from './MaskedText';

/** Web addresses as links, opened in a new tab and not followed by search engines. */
const withLinks = (text: string) =>
  linkParts(text).map((piece, j) =>
    piece.kind === 'link' ? (
      <a key={j} href={piece.href} target="_blank" rel="noopener nofollow ugc">
        {piece.text}
      </a>
    ) : (
      piece.text
    ),
  );

/**
 * A message as plain text, hidden contacts as grey chips. Its web addresses are links only with `links` (once a
 * booking of the pair is confirmed, as the server's `contacts_visible` says); before, they stay plain text.
 */
export function MessageText({ text, links = false }: { text: string; links?: boolean }) {
  return links ? <MaskedText text={text} render={withLinks} /> : <MaskedText text={text} />;
}
