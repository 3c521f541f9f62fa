import { getTranslations } from 'next-intl/server';
import { enterLocale } from '@/lib/server/pages/locale';
import { AccountSection } from '@/components/account/AccountSection';
import { EmailConfirmation } from '@/components/account/EmailConfirmation';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateMetadata = staticPageMetadata({
  path: '/account/main/email',
  page: 'meta.accountMain',
  noindex: true,
});

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<{ token?: string | string[] }> };

/** The page of the confirmation email's link: signed in to the account that asked, it confirms the address. */
export default async function EmailConfirmationPage({ params, searchParams }: Props) {
  await enterLocale(params);
  const { token } = await searchParams;
  const t = await getTranslations('account.emailConfirm');
  return (
    <AccountSection title={t('title')}>
      <EmailConfirmation token={typeof token === 'string' ? token.trim() : ''} />
    </AccountSection>
  );
}
