import type { ReactNode } from 'react';
import { Logo } from '@/components/ui/Logo';
import { GoBackButton } from './GoBackButton';
import styles from './AuthShell.module.css';

/** A centred card on an illustrated background, with logo and go-back (auth and background layouts). */
export function AuthShell({ variant, children }: { variant: 'mountains' | 'sea'; children: ReactNode }) {
  return (
    <div className={`${styles.shell} ${styles[variant]}`}>
      <header className={styles.top}>
        <GoBackButton />
      </header>
      <main id="main" className={styles.card}>
        <div className={styles.logo}>
          <Logo size="lg" />
        </div>
        {children}
      </main>
    </div>
  );
}
