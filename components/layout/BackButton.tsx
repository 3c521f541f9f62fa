'use client';

import { useTranslations } from 'next-intl';
import { ArrowLeftIcon } from '@/components/ui/icons/ArrowLeftIcon';
import { useGoBack } from './useGoBack';
import styles from './Header.module.css';

/** The header's back button itself (components/layout/HeaderBackButton.tsx decides when it shows). */
export function BackButton() {
  const t = useTranslations('nav');
  const goBack = useGoBack();
  return (
    <button type="button" className={styles.iconButton} onClick={goBack} aria-label={t('back')} data-only="mobile">
      <ArrowLeftIcon />
    </button>
  );
}
