import { getTranslations } from 'next-intl/server';
import { AuthPage } from '@/app/[locale]/(auth)/_components/AuthPage';
import { ResetPasswordForm } from '@/components/auth/ResetPasswordForm';
import { AppLink } from '@/components/ui/AppLink';
import { staticPageMetadata } from '@/lib/server/seo/metadata';
import { linkPageEntry, type LinkPageProps } from '@/lib/server/pages/locale';

export const generateMetadata = staticPageMetadata({ path: '/login/reset', page: 'recovery.reset', noindex: true });

/** The page of the email's link: a new password with the link's token (POST /auth/password/reset). */
export default async function ResetPasswordPage(props: LinkPageProps) {
  const token = await linkPageEntry(props);
  const t = await getTranslations('recovery');
  return (
    <AuthPage page="reset" footer={<AppLink href="/login/email">{t('backToLogin')}</AppLink>}>
      <ResetPasswordForm token={token} />
    </AuthPage>
  );
}
