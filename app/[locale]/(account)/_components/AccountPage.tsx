import type { ReactNode } from 'react';
import { getTranslations } from 'next-intl/server';
import { AccountSection } from '@/components/account/AccountSection';
import { enterLocale } from '@/lib/server/pages/locale';

/** The message namespaces of the account's pages; each has a `title`, and a `lead` where the page shows one. */
type AccountPageMessages = 'bookings' | 'favourites' | 'conversations' | 'account.password' | 'account.profile';

/** An account page: its heading (and lead) from its messages, above its content. */
export function accountPage(
  messages: AccountPageMessages,
  { lead = false, wide = false }: { lead?: boolean; wide?: boolean },
  content: ReactNode,
) {
  return async function AccountPage({ params }: { params: Promise<{ locale: string }> }) {
    await enterLocale(params);
    const t = (await getTranslations(messages)) as (key: 'title' | 'lead') => string;
    return (
      <AccountSection title={t('title')} lead={lead ? t('lead') : undefined} wide={wide}>
        {content}
      </AccountSection>
    );
  };
}
