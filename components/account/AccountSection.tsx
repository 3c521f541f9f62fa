import type { ReactNode } from 'react';
import styles from './AccountPage.module.css';

/** An account page's heading, lead and content. */
export function AccountSection({
  title,
  lead,
  wide = false,
  children,
}: {
  title: string;
  lead?: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={`${styles.page} ${wide ? styles.wide : ''}`}>
      <div>
        <h1 className={styles.title}>{title}</h1>
        {lead ? <p className={styles.lead}>{lead}</p> : null}
      </div>
      {children}
    </div>
  );
}
