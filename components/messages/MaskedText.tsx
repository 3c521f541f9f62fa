import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { maskedParts } from '@/lib/conversations/masked-parts';
import styles from './Messages.module.css';

/**
 * A masked message as plain text, hidden contacts as grey chips; `render` draws each plain part (MessageText makes
 * its addresses links). The inbox's previews use it alone, without the link patterns.
 */
export function MaskedText({ text, render = (part) => part }: { text: string; render?: (part: string) => ReactNode }) {
  const t = useTranslations('conversations');
  return (
    <>
      {maskedParts(text).map((part, i) =>
        part.kind === 'hidden' ? (
          <span key={i} className={styles.chip}>
            {t('contactHidden')}
          </span>
        ) : (
          <span key={i}>{render(part.text)}</span>
        ),
      )}
    </>
  );
}
