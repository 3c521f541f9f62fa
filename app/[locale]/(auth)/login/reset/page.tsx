import { getTranslations } from 'next-intl/server';
import { AuthPage } from '@/app/[locale]/(auth)/_components/AuthPage';
import { ResetPasswordForm } from '@/components/auth/ResetPasswordForm';
import { AppLink } from '@/components/ui/AppLink';
import { staticPageMetadata } from '@/lib/server/seo/metadata';
import { enterLocale } from '@/lib/server/pages/locale';

export const generateMetadata = staticPageMetadata({ path: '/login/reset', page: 'recovery.reset', noindex: true });

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ token?: string | string[] }> };

/** The page of the email's link: a new password with the link's token (POST /auth/password/reset). */
export default async function ResetPasswordPage({ params, searchParams }: Props) {
  await enterLocale(params);
  const { token } = await searchParams;
  const t = await getTranslations('recovery');
  return (
    <AuthPage page="reset" footer={<AppLink href="/login/email">{t('backToLogin')}</AppLink>}>
      <ResetPasswordForm token={typeof token === 'string' ? token.trim() : ''} />
    </AuthPage>
  );
}
