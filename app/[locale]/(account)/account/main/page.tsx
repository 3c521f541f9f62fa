import { enterLocale } from '@/lib/server/page-locale';
import { PagePlaceholder } from '@/components/ui/PagePlaceholder';
import { staticPageMetadata } from '@/lib/server/metadata';

export const generateMetadata = staticPageMetadata({ path: '/account/main', page: 'meta.accountMain', noindex: true });

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  return <PagePlaceholder page="accountMain" />;
}
