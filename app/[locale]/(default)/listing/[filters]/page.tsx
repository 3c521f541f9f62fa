import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ListingPage, listingMetadata } from '@/app/[locale]/(default)/_components/ListingPage';
import { isAppLocale, defaultLocale } from '@/lib/i18n/locales';
import { filtersOfCachedListing } from '@/lib/listing/cached-listing';
import { enterLocale } from '@/lib/server/pages/locale';

type Props = { params: Promise<{ locale: string; filters: string }> };

// Rendered on the first visit and kept like idea pages (ISR); lib/server/cache/page-cache.ts drops it when ideas change.
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

/** The listing's filters, or 404 for a key the proxy would not have made. */
async function cachedFilters(params: Props['params']) {
  const raw = (await params).filters;
  let filters = null;
  try {
    filters = filtersOfCachedListing(decodeURIComponent(raw));
  } catch {
    // A malformed escape is no listing either.
  }
  if (!filters) notFound();
  return filters;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  return listingMetadata(isAppLocale(locale) ? locale : defaultLocale, await cachedFilters(params));
}

/**
 * `/go` with only a place, a category or a sort order: the proxy rewrites those listings here, keyed by
 * their canonical filters (lib/listing/cached-listing.ts), so that each is rendered once and served from the
 * page cache. Visitors never see this path.
 */
export default async function CachedListingRoute({ params }: Props) {
  const locale = await enterLocale(params);
  return <ListingPage locale={locale} filters={await cachedFilters(params)} />;
}
