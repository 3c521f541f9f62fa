import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import styles from './AuthPage.module.css';

type AuthPageKey = 'login' | 'loginEmail' | 'loginPhone' | 'register';

/** Heading, lead and the form of a sign-in screen inside the auth layout's card. */
export async function AuthPage({
  page,
  children,
  footer,
}: {
  page: AuthPageKey;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const t = await getTranslations('pages');
  return (
    <section className={styles.page} aria-labelledby={`${page}-title`}>
      <h1 id={`${page}-title`} className={styles.title}>
        {t(`${page}.title`)}
      </h1>
      <p className={styles.lead}>{t(`${page}.lead`)}</p>
      {children}
      {footer ? <div className={styles.footer}>{footer}</div> : null}
    </section>
  );
}
