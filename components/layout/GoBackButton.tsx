'use client';

import { useTranslations } from 'next-intl';
import { ArrowLeftIcon } from '@/components/ui/icons/ArrowLeftIcon';
import { useGoBack } from './useGoBack';
import styles from './GoBackButton.module.css';

/** The always-visible go-back of the auth, background and error screens. */
export function GoBackButton() {
  const t = useTranslations('nav');
  const goBack = useGoBack();
  return (
    <button type="button" className={styles.goBack} onClick={goBack}>
      <ArrowLeftIcon width={20} height={20} />
      <span>{t('back')}</span>
    </button>
  );
}
