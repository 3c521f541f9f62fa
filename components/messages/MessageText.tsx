import { useTranslations } from 'next-intl';
import { maskedParts } from '@/lib/conversations/contact-mask';
import styles from './Messages.module.css';

/** A message as plain text (never linkified before a booking is confirmed), hidden contacts as grey chips. */
export function MessageText({ text }: { text: string }) {
  const t = useTranslations('conversations');
  return (
    <>
      {maskedParts(text).map((part, i) =>
        part.kind === 'text' ? (
          <span key={i}>{part.text}</span>
        ) : (
          <span key={i} className={styles.chip}>
            {t('contactHidden')}
          </span>
        ),
      )}
    </>
  );
}
