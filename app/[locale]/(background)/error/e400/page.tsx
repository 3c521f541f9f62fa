import { getTranslations } from 'next-intl/server';
import { enterLocale } from '@/lib/server/pages/locale';
import { ErrorView } from '@/components/errors/ErrorView';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateMetadata = staticPageMetadata({ path: '/error/e400', page: 'meta.e400', noindex: true });

/** Answers with HTTP 400: the proxy sets the status of the error routes, and sends malformed paths here. */
export default async function Error400Page({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  const t = await getTranslations('errors');
  return <ErrorView status={400} title={t('e400.title')} message={t('e400.message')} />;
}
