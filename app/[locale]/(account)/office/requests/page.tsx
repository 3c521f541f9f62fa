import { getTranslations } from 'next-intl/server';
import { RequestsList } from '@/components/office/RequestsList';
import { staticPageMetadata } from '@/lib/server/seo/metadata';
import { enterLocale } from '@/lib/server/pages/locale';
import styles from '@/components/ui/PageIntro.module.css';

export const generateMetadata = staticPageMetadata({
  path: '/office/requests',
  page: 'meta.officeRequests',
  noindex: true,
});

/** The office's booking requests: the guide accepts or declines each before its deadline. */
export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  const t = await getTranslations('office.requests');
  return (
    <section aria-labelledby="requests-title">
      <h1 id="requests-title">{t('title')}</h1>
      <p className={styles.lead}>{t('lead')}</p>
      <RequestsList />
    </section>
  );
}
