import { getTranslations } from 'next-intl/server';
import { AuthPage } from '@/app/[locale]/(auth)/_components/AuthPage';
import { PhoneLoginForm } from '@/components/auth/PhoneLoginForm';
import { AppLink } from '@/components/ui/AppLink';
import { staticPageMetadata } from '@/lib/server/seo/metadata';
import { nextPathOf } from '@/lib/server/pages/next-path';
import { enterLocale } from '@/lib/server/pages/locale';

export const generateMetadata = staticPageMetadata({ path: '/login/phone', page: 'meta.loginPhone', noindex: true });

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ next?: string | string[] }> };

export default async function LoginPhonePage({ params, searchParams }: Props) {
  const locale = await enterLocale(params);
  const next = await nextPathOf(searchParams, locale);
  const t = await getTranslations('authForms');
  return (
    <AuthPage
      page="loginPhone"
      footer={<AppLink href={{ pathname: '/login/email', query: { next } }}>{t('toEmail')}</AppLink>}
    >
      <PhoneLoginForm next={next} />
    </AuthPage>
  );
}
