import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import styles from './AuthPage.module.css';

type AuthPageKey = 'login' | 'loginEmail' | 'loginPhone' | 'register';
/** Password recovery keeps its texts in the `recovery` namespace. */
type RecoveryPageKey = 'forgot' | 'reset';

/** Heading, lead and the form of a sign-in screen inside the auth layout's card. */
export async function AuthPage({
  page,
  children,
  footer,
}: {
  page: AuthPageKey | RecoveryPageKey;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const pages = await getTranslations('pages');
  const recovery = await getTranslations('recovery');
  const t = (key: 'title' | 'lead') =>
    page === 'forgot' || page === 'reset' ? recovery(`${page}.${key}`) : pages(`${page}.${key}`);
  return (
    <section className={styles.page} aria-labelledby={`${page}-title`}>
      <h1 id={`${page}-title`} className={styles.title}>
        {t('title')}
      </h1>
      <p className={styles.lead}>{t('lead')}</p>
      {children}
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </section>
  );
}
