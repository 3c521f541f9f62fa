import { getTranslations } from 'next-intl/server';
import { enterLocale } from '@/lib/server/page-locale';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import { staticPageMetadata } from '@/lib/server/metadata';
import styles from '@/components/ui/PagePlaceholder.module.css';

export const generateMetadata = staticPageMetadata({ path: '/login', page: 'meta.login', noindex: true });

/** Choice of sign-in method; `?next=` is carried to the method pages. */
export default async function LoginPage({ params, searchParams }: { params: Promise<{ locale: string }>; searchParams: Promise<{ next?: string | string[] }> }) {
  await enterLocale(params);
  const t = await getTranslations('pages');
  const { next } = await searchParams;
  const query = typeof next === 'string' ? { next } : undefined;
  return (
    <section aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      <p className={styles.lead}>{t('login.lead')}</p>
      <div className={styles.actions}>
        <AppLink className={buttonClass('primary', { block: true })} href={{ pathname: '/login/email', query }}>
          {t('login.byEmail')}
        </AppLink>
        <AppLink className={buttonClass('secondary', { block: true })} href={{ pathname: '/login/phone', query }}>
          {t('login.byPhone')}
        </AppLink>
      </div>
      <p>
        {t('login.noAccount')} <AppLink href={{ pathname: '/register', query }}>{t('login.register')}</AppLink>
      </p>
    </section>
  );
}
