import { getTranslations } from 'next-intl/server';
import { ErrorView } from '@/components/errors/ErrorView';

/** The localized 404 body ("This page could not be found"), kept out of search results. */
export async function NotFoundView() {
  const t = await getTranslations('errors');
  return (
    <>
      <title>{t('notFound.pageTitle')}</title>
      <meta name="robots" content="noindex" />
      <ErrorView status={404} title={t('notFound.title')} message={t('notFound.message')} />
    </>
  );
}
