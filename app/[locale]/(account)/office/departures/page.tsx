import { enterLocale } from '@/lib/server/pages/locale';
import { staticPageMetadata } from '@/lib/server/seo/metadata';
import { DeparturesList } from '@/components/office/departures/DeparturesList';

export const generateMetadata = staticPageMetadata({
  path: '/office/departures',
  page: 'meta.departures',
  noindex: true,
});

/** The guide's departures, day by day (read in the browser with the session's token, as the rest of the office). */
export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  return <DeparturesList />;
}
