import { getTranslations } from 'next-intl/server';
import { enterLocale } from '@/lib/server/pages/locale';
import { AccountSection } from '@/components/account/AccountSection';
import { PasswordForm } from '@/components/account/PasswordForm';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateMetadata = staticPageMetadata({
  path: '/account/password',
  page: 'meta.accountPassword',
  noindex: true,
});

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  const t = await getTranslations('account.password');
  return (
    <AccountSection title={t('title')} lead={t('lead')}>
      <PasswordForm />
    </AccountSection>
  );
}
