import { getTranslations } from 'next-intl/server';
import { AuthPage } from '@/app/[locale]/(auth)/_components/AuthPage';
import { ForgotPasswordForm } from '@/components/auth/ForgotPasswordForm';
import { AppLink } from '@/components/ui/AppLink';
import { staticPageMetadata } from '@/lib/server/seo/metadata';
import { enterLocale } from '@/lib/server/pages/locale';

export const generateMetadata = staticPageMetadata({ path: '/login/forgot', page: 'recovery.forgot', noindex: true });

type Props = { params: Promise<{ locale: string }> };

/** Asks for a password-reset link by email (POST /auth/password/forgot). */
export default async function ForgotPasswordPage({ params }: Props) {
  await enterLocale(params);
  const t = await getTranslations('recovery');
  return (
    <AuthPage page="forgot" footer={<AppLink href="/login/email">{t('backToLogin')}</AppLink>}>
      <ForgotPasswordForm />
    </AuthPage>
  );
}
