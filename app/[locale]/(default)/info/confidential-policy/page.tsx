import { enterLocale, localeStaticParams } from '@/lib/server/page-locale';
import { StaticArticle } from '@/components/static/StaticArticle';
import { staticPageMetadata } from '@/lib/server/metadata';

export const generateStaticParams = localeStaticParams;
export const generateMetadata = staticPageMetadata({ path: '/info/confidential-policy', page: 'staticPages.privacy' });

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  return <StaticArticle page="privacy" />;
}
