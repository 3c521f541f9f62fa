import { useTranslations } from 'next-intl';
import { maskedParts } from '@/lib/conversations/contact-mask';
import { linkParts } from '@/lib/conversations/message-links';
import styles from './Messages.module.css';

/**
 * A message as plain text, hidden contacts as grey chips. Its web addresses are links only with `links` (once a
 * booking of the pair is confirmed, as the server's `contacts_visible` says); before, they stay plain text.
 */
export function MessageText({ text, links = false }: { text: string; links?: boolean }) {
  const t = useTranslations('conversations');
  return (
    <>
      {maskedParts(text).map((part, i) =>
        part.kind === 'hidden' ? (
          <span key={i} className={styles.chip}>
            {t('contactHidden')}
          </span>
        ) : links ? (
          <span key={i}>
            {linkParts(part.text).map((piece, j) =>
              piece.kind === 'link' ? (
                <a key={j} href={piece.href} target="_blank" rel="noopener nofollow ugc">
                  {piece.text}
                </a>
              ) : (
                piece.text
              ),
            )}
          </span>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
