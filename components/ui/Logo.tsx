import { useTranslations } from 'next-intl';
import { AppLink } from './AppLink';
import styles from './Logo.module.css';

/** The word mark with the hill-and-wave sign; always links home. */
export function Logo({ size = 'md' }: { size?: 'md' | 'lg' }) {
  const t = useTranslations('brand');
  return (
    <AppLink href="/" className={`${styles.logo} ${size === 'lg' ? styles.large : ''}`} aria-label={t('homeLink')}>
      <svg className={styles.mark} viewBox="0 0 40 32" aria-hidden="true" focusable="false">
        <path d="M2 22 L13 8 L19 15 L24 10 L38 22 Z" fill="#1f5c45" />
        <path d="M13 8 L16.5 12.5 L13 14 L10 12 Z" fill="#e6f3f5" />
        <path
          d="M2 26 q4.5 -4 9 0 t9 0 t9 0 t9 0"
          fill="none"
          stroke="#0b5d7a"
          strokeWidth="2.6"
          strokeLinecap="round"
        />
      </svg>
      <span className={styles.word}>{t('name')}</span>
    </AppLink>
  );
}
