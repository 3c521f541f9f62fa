import { getTranslations } from 'next-intl/server';
import { enterLocale } from '@/lib/server/pages/locale';
import { ErrorView } from '@/components/errors/ErrorView';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateMetadata = staticPageMetadata({ path: '/error/e503', page: 'meta.e503', noindex: true });

/** Answers with HTTP 503: the proxy sets the status of the error routes. */
export default async function Error503Page({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  const t = await getTranslations('errors');
  return <ErrorView status={503} title={t('e503.title')} message={t('e503.message')} />;
}
