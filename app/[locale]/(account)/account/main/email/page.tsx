import { getTranslations } from 'next-intl/server';
import { linkPageEntry, type LinkPageProps } from '@/lib/server/pages/locale';
import { AccountSection } from '@/components/account/AccountSection';
import { EmailConfirmation } from '@/components/account/EmailConfirmation';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateMetadata = staticPageMetadata({
  path: '/account/main/email',
  page: 'meta.accountMain',
  noindex: true,
});

/** The page of the confirmation email's link: signed in to the account that asked, it confirms the address. */
export default async function EmailConfirmationPage(props: LinkPageProps) {
  const token = await linkPageEntry(props);
  const t = await getTranslations('account.emailConfirm');
  return (
    <AccountSection title={t('title')}>
      <EmailConfirmation token={token} />
    </AccountSection>
  );
}
