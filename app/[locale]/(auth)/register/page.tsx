import { getTranslations } from 'next-intl/server';
import { AuthPage } from '@/app/[locale]/(auth)/_components/AuthPage';
import { RegisterForm } from '@/components/auth/RegisterForm';
import { AppLink } from '@/components/ui/AppLink';
import { staticPageMetadata } from '@/lib/server/seo/metadata';
import { nextPathOf } from '@/lib/server/pages/next-path';
import { enterLocale } from '@/lib/server/pages/locale';

export const generateMetadata = staticPageMetadata({ path: '/register', page: 'meta.register', noindex: true });

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ next?: string | string[] }> };

export default async function RegisterPage({ params, searchParams }: Props) {
  const locale = await enterLocale(params);
  const next = await nextPathOf(searchParams, locale);
  const t = await getTranslations('authForms');
  return (
    <AuthPage
      page="register"
      footer={<AppLink href={{ pathname: '/login/email', query: { next } }}>{t('toLogin')}</AppLink>}
    >
      <RegisterForm next={next} />
    </AuthPage>
  );
}
