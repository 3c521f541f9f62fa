import { dehydrate } from '@tanstack/react-query';
import { AreaMessages } from '@/app/[locale]/_components/AreaMessages';
import { PageData } from '@/components/providers/PageData';
import { getTranslations } from 'next-intl/server';
import { HeroLandscape } from '@/components/home/HeroLandscape';
import { HomeSections } from '@/components/home/HomeSections';
import { serverSectionCards } from '@/components/home/section-cards';
import { AppLink } from '@/components/ui/AppLink';
import { buttonClass } from '@/components/ui/button';
import { listingHref } from '@/lib/listing/filters';
import { HOME_SECTIONS, homeSectionParams } from '@/lib/listing/params';
import { staticPageMetadata } from '@/lib/server/seo/metadata';
import { enterLocale } from '@/lib/server/pages/locale';
import type { IdeaResource } from '@/lib/contract/ideas';
import { queryKeys } from '@/lib/contract/query-keys';
import type { Page } from '@/lib/listing/pagination';
import { pageData, prefetchCatalog, prefetchIdeas, serverQueryClient } from '@/lib/server/pages/prefetch';
import { loadCategories } from '@/lib/server/pages/categories';
import styles from './home.module.css';

export const generateMetadata = staticPageMetadata({ path: '/', page: 'meta.home' });

/**
 * Home is the same for every visitor (the nearby section starts from the main place on the server): it is
 * rendered on its first visit, never at build time (there is no database then), and served from the page
 * cache; a change to an idea invalidates it (lib/server/cache/page-cache.ts), and a minute bounds its staleness.
 */
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

/** SPEC section 2 home: hero, category strip, and three sections of ideas fetched in parallel and rendered on the server. */
export default async function HomePage({ params }: { params: Promise<{ locale: string }> }) {
  const locale = await enterLocale(params);
  const queryClient = serverQueryClient();
  // The sections' answers are rendered here as cards; the browser does not need them, so the page does not carry them.
  const sectionsClient = serverQueryClient();
  // The strip and the cards render the categories that prefetchCatalog gives the browser: one read for both.
  const [categories] = await Promise.all([
    pageData(loadCategories(locale)),
    prefetchCatalog(queryClient, locale),
    ...HOME_SECTIONS.map((section) => prefetchIdeas(sectionsClient, locale, homeSectionParams(section, null))),
  ]);
  const t = await getTranslations('home');
  const sectionCards = serverSectionCards(
    HOME_SECTIONS,
    (section) =>
      sectionsClient.getQueryData<Page<IdeaResource>>(queryKeys.ideas(locale, homeSectionParams(section, null)))?.data,
    categories.data,
  );

  return (
    <PageData state={dehydrate(queryClient)}>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 id="home-title">{t('title')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
        <AppLink href="/go" className={buttonClass('primary', { block: true })}>
          {t('browse')}
        </AppLink>
        <HeroLandscape />
      </section>
      <nav className={styles.categories} aria-labelledby="home-categories">
        <h2 id="home-categories" className={styles.categoriesTitle}>
          {t('categoriesTitle')}
        </h2>
        <ul>
          <li>
            <AppLink href="/go" className={styles.category}>
              {t('allIdeas')}
            </AppLink>
          </li>
          {categories.data.map((category) => (
            <li key={category.id}>
              <AppLink
                href={listingHref({ category_id: String(category.id) })}
                className={`${styles.category} cat-${category.attributes.color}`}
              >
                {category.attributes.title}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <AreaMessages area="home">
        <HomeSections serverCards={sectionCards} />
      </AreaMessages>
      <section className={styles.cards} aria-label={t('moreLabel')}>
        <AppLink href="/pages/ecoTravel" className={styles.card}>
          <h2>{t('ecoTitle')}</h2>
          <p>{t('ecoText')}</p>
        </AppLink>
        <AppLink href="/info/infoAbout" className={styles.card}>
          <h2>{t('aboutTitle')}</h2>
          <p>{t('aboutText')}</p>
        </AppLink>
      </section>
    </PageData>
  );
}
