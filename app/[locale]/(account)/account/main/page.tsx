import { getTranslations } from 'next-intl/server';
import { enterLocale } from '@/lib/server/pages/locale';
import { AccountSection } from '@/components/account/AccountSection';
import { EmailForm } from '@/components/account/EmailForm';
import { PhoneForm } from '@/components/account/PhoneForm';
import { ProfileForm } from '@/components/account/ProfileForm';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateMetadata = staticPageMetadata({ path: '/account/main', page: 'meta.accountMain', noindex: true });

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  const t = await getTranslations('account.profile');
  return (
    <AccountSection title={t('title')} lead={t('lead')}>
      <ProfileForm />
      <EmailForm />
      <PhoneForm />
    </AccountSection>
  );
}
