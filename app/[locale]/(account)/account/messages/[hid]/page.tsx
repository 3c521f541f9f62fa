import { getTranslations } from 'next-intl/server';
import { AccountSection } from '@/components/account/AccountSection';
import { Messages } from '@/components/messages/Messages';
import { enterLocale } from '@/lib/server/pages/locale';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateMetadata = staticPageMetadata({
  path: '/account/messages',
  page: 'meta.accountMessages',
  noindex: true,
});

/** One conversation open beside the inbox (on phones, alone with a way back). */
export default async function ConversationPage({ params }: { params: Promise<{ locale: string; hid: string }> }) {
  await enterLocale(params);
  const { hid } = await params;
  const t = await getTranslations('conversations');
  return (
    <AccountSection title={t('title')} wide>
      <Messages hid={hid} />
    </AccountSection>
  );
}
