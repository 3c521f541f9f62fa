import { connection } from 'next/server';
import { dehydrate } from '@tanstack/react-query';
import { PageData } from '@/components/providers/PageData';
import { QueryArea } from '@/components/providers/QueryArea';
import { getTranslations } from 'next-intl/server';
import { PlaceSearchPage } from '@/components/places/PlaceSearchPage';
import { AreaMessages } from '@/app/[locale]/_components/AreaMessages';
import { staticPageMetadata } from '@/lib/server/seo/metadata';
import { enterLocale } from '@/lib/server/pages/locale';
import { prefetchPopularPlaces, serverQueryClient } from '@/lib/server/pages/prefetch';
import styles from '@/components/ui/PageIntro.module.css';

export const generateMetadata = staticPageMetadata({ path: '/a/place-search', page: 'meta.placeSearch' });

/** SPEC section 2 `/a/place-search`: the popular places are in the server HTML; search runs in the browser. */
export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  const locale = await enterLocale(params);
  await connection();
  const queryClient = serverQueryClient();
  await prefetchPopularPlaces(queryClient, locale);
  const t = await getTranslations('pages.placeSearch');
  return (
    <PageData state={dehydrate(queryClient)}>
      <section className={styles.intro} aria-labelledby="place-search-title">
        <h1 id="place-search-title">{t('title')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
        <AreaMessages area="placeSearch">
          <QueryArea>
            <PlaceSearchPage />
          </QueryArea>
        </AreaMessages>
      </section>
    </PageData>
  );
}
