import { getTranslations } from 'next-intl/server';
import { enterLocale } from '@/lib/server/pages/locale';
import { ErrorView } from '@/components/errors/ErrorView';
import { staticPageMetadata } from '@/lib/server/seo/metadata';

export const generateMetadata = staticPageMetadata({ path: '/error/e403', page: 'meta.e403', noindex: true });

/** Answers with HTTP 403: the proxy sets the status of the error routes. */
export default async function Error403Page({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  const t = await getTranslations('errors');
  return <ErrorView status={403} title={t('e403.title')} message={t('e403.message')} />;
}
