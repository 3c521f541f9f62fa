import { getTranslations } from 'next-intl/server';
import { AuthPage } from '@/app/[locale]/(auth)/_components/AuthPage';
import { EmailLoginForm } from '@/components/auth/EmailLoginForm';
import { AppLink } from '@/components/ui/AppLink';
import { staticPageMetadata } from '@/lib/server/seo/metadata';
import { nextPathOf } from '@/lib/server/pages/next-path';
import { enterLocale } from '@/lib/server/pages/locale';

export const generateMetadata = staticPageMetadata({ path: '/login/email', page: 'meta.loginEmail', noindex: true });

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ next?: string | string[] }> };

export default async function LoginEmailPage({ params, searchParams }: Props) {
  const locale = await enterLocale(params);
  const next = await nextPathOf(searchParams, locale);
  const t = await getTranslations('authForms');
  return (
    <AuthPage
      page="loginEmail"
      footer={
        <>
          <AppLink href={{ pathname: '/register', query: { next } }}>{t('toRegister')}</AppLink>
          <AppLink href={{ pathname: '/login/phone', query: { next } }}>{t('toPhone')}</AppLink>
        </>
      }
    >
      <EmailLoginForm next={next} />
    </AuthPage>
  );
}
