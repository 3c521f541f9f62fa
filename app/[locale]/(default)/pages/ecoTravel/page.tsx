import { enterLocale, localeStaticParams } from '@/lib/server/pages/locale';
import { StaticArticle } from '@/app/[locale]/(default)/_components/StaticArticle';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateStaticParams = localeStaticParams;
export const generateMetadata = staticPageMetadata({ path: '/pages/ecoTravel', page: 'staticPages.eco' });

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  return <StaticArticle page="eco" />;
}
