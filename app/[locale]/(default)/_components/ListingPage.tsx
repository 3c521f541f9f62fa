import 'server-only';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ListingFilters } from '@/components/filters/ListingFilters';
import { AreaMessages } from '@/app/[locale]/_components/AreaMessages';
import { PageData } from '@/components/providers/PageData';
import type { InfiniteData } from '@tanstack/react-query';
import type { CategoryResource } from '@/lib/contract/catalog';
import type { IdeaResource } from '@/lib/contract/ideas';
import { queryKeys } from '@/lib/contract/query-keys';
import type { Page } from '@/lib/listing/pagination';
import { DEFAULT_PLACE_ID } from '@/lib/constants';
import type { AppLocale } from '@/lib/i18n/locales';
import { clearFilters, listingHref, type Filters } from '@/lib/listing/filters';
import { listingParams } from '@/lib/listing/params';
import { pageMetadata } from '@/lib/server/seo/metadata';
import { env } from '@/lib/server/platform/env';
import { ListingMapView } from '@/components/map/ListingMapView';
import { DidYouMean } from '@/components/filters/DidYouMean';
import { spellingCorrection } from '@/lib/server/search/correction';
import {
  dehydrateWithServerCards,
  pageData,
  prefetchCatalog,
  prefetchIdeaPages,
  prefetchPlace,
  serverQueryClient,
} from '@/lib/server/pages/prefetch';
import { loadCategories } from '@/lib/server/pages/categories';
import { categoryMap } from '@/components/ideas/category-map';
import { IdeaCardItems, LISTING_EAGER_CARDS } from '@/components/ideas/IdeaCard';
import { IdeaListing, type ServerFirstPage } from '@/components/ideas/IdeaListing';
import styles from './ListingPage.module.css';

/** A category's listing is its own page for search engines; other filters share the plain listing's canonical URL. */
export async function listingMetadata(locale: AppLocale, filters: Filters): Promise<Metadata> {
  // The same read as the page's own categories (the filter, the cards): loadCategories keeps it for the request.
  const categories = filters.category_id ? (await pageData(loadCategories(locale))).data : [];
  const category = categories.find(({ id }) => id === Number(filters.category_id))?.attributes.title ?? null;
  const base = await pageMetadata(locale, {
    path: category ? `/go?category_id=${filters.category_id}` : '/go',
    page: 'meta.go',
  });
  if (!category) return base;
  const t = await getTranslations({ locale, namespace: 'ideas' });
  return { ...base, title: t('listTitlePlace', { place: category }) };
}

/** SPEC section 2 `/go`: the listing is a pure function of its filters, page 1 rendered on the server. */
export async function ListingPage({ locale, filters }: { locale: AppLocale; filters: Filters }) {
  const apiParams = listingParams(filters);
  const queryClient = serverQueryClient();
  const placeId = filters.place_id ? Number(filters.place_id) : DEFAULT_PLACE_ID;
  const [chosenPlace, , correction] = await Promise.all([
    placeId === DEFAULT_PLACE_ID ? null : prefetchPlace(queryClient, locale, placeId),
    // The map loads its own pins in the browser; page 1 of the list is the list's, beside the map on desktops.
    prefetchIdeaPages(queryClient, locale, apiParams),
    filters.query ? spellingCorrection(filters.query) : null,
    prefetchCatalog(queryClient, locale),
  ]);
  const categories = queryClient.getQueryData<{ data: CategoryResource[] }>(queryKeys.categories(locale))?.data ?? [];
  const categoryKnown =
    !filters.category_id || categories.some((category) => category.id === Number(filters.category_id));
  // A place or category that does not exist is no listing (SPEC section 2: a failed validation is a 404). It
  // also keeps the page cache to the catalogue's listings: made-up ids are not kept (lib/server/cache/page-cache-handler.mjs).
  if ((placeId !== DEFAULT_PLACE_ID && !chosenPlace) || !categoryKnown) notFound();
  const t = await getTranslations('ideas');
  const place = chosenPlace?.data.attributes.title ?? (await getTranslations('filters'))('mainPlace');
  const pagesKey = queryKeys.ideaPages(locale, apiParams);
  const page1 = queryClient.getQueryData<InfiniteData<Page<IdeaResource>>>(pagesKey)?.pages[0];
  const firstPage: ServerFirstPage | undefined = page1 && {
    heading: t(page1.meta.total_capped ? 'foundCapped' : 'found', { count: page1.meta.total }),
    // Beside the map the list is hidden on phones: none of its covers is loaded before it is shown.
    cards: (
      <IdeaCardItems
        ideas={page1.data}
        categories={categoryMap(categories)}
        eagerCards={filters.view === 'map' ? 0 : LISTING_EAGER_CARDS}
      />
    ),
  };
  const listing = (
    <IdeaListing params={apiParams} resetHref={listingHref(clearFilters(filters))} firstPage={firstPage} />
  );

  return (
    <PageData state={dehydrateWithServerCards(queryClient, pagesKey)}>
      <AreaMessages area="listing">
        <h1 className={styles.title}>{t('listTitlePlace', { place })}</h1>
        <ListingFilters filters={filters} />
        {correction ? <DidYouMean filters={filters} correction={correction} /> : null}
        {filters.view === 'map' ? (
          // As on GetYourGuide, desktops show the results beside the map: the map alone says little when its tiles fail.
          <div className={styles.mapLayout}>
            <div className={styles.besideMap}>{listing}</div>
            <ListingMapView filters={filters} tileUrl={env().MAP_TILE_URL} />
          </div>
        ) : (
          listing
        )}
      </AreaMessages>
    </PageData>
  );
}
