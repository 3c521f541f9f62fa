import type { Metadata } from 'next';
import { ListingPage, listingMetadata } from '@/app/[locale]/(default)/_components/ListingPage';
import { isAppLocale, defaultLocale } from '@/lib/i18n/locales';
import { parseFilters } from '@/lib/listing/parse-filters';
import { enterLocale } from '@/lib/server/pages/locale';

type Props = {
  params: Promise<{ locale: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  return listingMetadata(isAppLocale(locale) ? locale : defaultLocale, parseFilters(await searchParams));
}

/**
 * `/go` with filters the page cache does not keep (dates, prices, guests, text), rendered per request. The
 * proxy sends the others to the cached listing route (../listing/[filters]).
 */
export default async function ListingRoute({ params, searchParams }: Props) {
  const locale = await enterLocale(params);
  return <ListingPage locale={locale} filters={parseFilters(await searchParams)} />;
}
