import { getTranslations } from 'next-intl/server';
import { enterLocale } from '@/lib/server/pages/locale';
import { ErrorView } from '@/components/errors/ErrorView';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateMetadata = staticPageMetadata({ path: '/error/e404', page: 'meta.e404', noindex: true });

/** Answers with HTTP 404: the proxy sets the status of the error routes. */
export default async function Error404Page({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  const t = await getTranslations('errors');
  return <ErrorView status={404} title={t('e404.title')} message={t('e404.message')} />;
}
