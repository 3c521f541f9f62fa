import { enterLocale } from '@/lib/server/pages/locale';
import { AccountOverview } from '@/components/account/AccountOverview';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateMetadata = staticPageMetadata({ path: '/account', page: 'meta.account', noindex: true });

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  return <AccountOverview />;
}
