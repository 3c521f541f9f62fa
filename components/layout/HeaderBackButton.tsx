'use client';

import { useTranslations } from 'next-intl';
import { usePathname } from '@/lib/i18n/navigation';
import { shouldShowBack } from '@/lib/navigation/back';
import { ArrowLeftIcon } from '@/components/ui/icons';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import { useGoBack } from './useGoBack';
import styles from './Header.module.css';

/** Mobile only: shown when not on home and a previous route exists. */
export function HeaderBackButton() {
  const t = useTranslations('nav');
  const path = usePathname();
  const prevRoute = useAppStore((s) => s.prevRoute);
  const goBack = useGoBack();
  if (!shouldShowBack(path, prevRoute)) return null;
  return (
    <button type="button" className={styles.iconButton} onClick={goBack} aria-label={t('back')} data-only="mobile">
      <ArrowLeftIcon />
    </button>
  );
}
