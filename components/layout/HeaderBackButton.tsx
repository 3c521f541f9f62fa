'use client';

import { usePathname } from '@/lib/i18n/navigation';
import { shouldShowBack } from '@/lib/navigation/back';
import { clientOnly, loadWhenIdle } from '@/components/ui/clientOnly';
import { useAppStore } from '@/components/providers/AppStoreProvider';
import styles from './Header.module.css';

const loadBackButton = () => import('./BackButton').then((m) => m.BackButton);
// A first visit never shows it (there is no previous route yet): its code comes when the page is idle, and until
// then a box of its size keeps the header from moving.
const BackButton = clientOnly(
  loadBackButton,
  <span className={styles.iconButton} data-only="mobile" aria-hidden="true" />,
);
loadWhenIdle(loadBackButton);

/** Mobile only: shown when not on home and a previous route exists. */
export function HeaderBackButton() {
  const path = usePathname();
  const prevRoute = useAppStore((s) => s.prevRoute);
  if (!shouldShowBack(path, prevRoute)) return null;
  return <BackButton />;
}
