import { getTranslations } from 'next-intl/server';
import { AuthPage } from '@/app/[locale]/(auth)/_components/AuthPage';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import { staticPageMetadata } from '@/lib/server/seo/metadata';
import { signInPageEntry, type SignInPageProps } from '@/lib/server/pages/next-path';
import { getConfig } from '@/lib/server/catalog/config';
import styles from '@/components/ui/PageIntro.module.css';

export const generateMetadata = staticPageMetadata({ path: '/login', page: 'meta.login', noindex: true });

/** The sign-in methods that `config.auth` enables; `?next=` is carried to each of them. */
export default async function LoginPage(props: SignInPageProps) {
  const next = await signInPageEntry(props);
  const t = await getTranslations('pages');
  const { auth } = getConfig();
  const query = { next };
  return (
    <AuthPage
      page="login"
      footer={
        auth.email_auth ? (
          <p>
            {t('login.noAccount')} <AppLink href={{ pathname: '/register', query }}>{t('login.register')}</AppLink>
          </p>
        ) : undefined
      }
    >
      <div className={styles.actions}>
        {auth.email_auth ? (
          <AppLink className={buttonClass('primary', { block: true })} href={{ pathname: '/login/email', query }}>
            {t('login.byEmail')}
          </AppLink>
        ) : null}
        {auth.phone_auth ? (
          <AppLink
            className={buttonClass(auth.email_auth ? 'secondary' : 'primary', { block: true })}
            href={{ pathname: '/login/phone', query }}
          >
            {t('login.byPhone')}
          </AppLink>
        ) : null}
        {!auth.email_auth && !auth.phone_auth ? <p role="status">{t('login.unavailable')}</p> : null}
      </div>
    </AuthPage>
  );
}
