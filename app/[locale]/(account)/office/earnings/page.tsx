import { enterLocale } from '@/lib/server/pages/locale';
import { staticPageMetadata } from '@/lib/server/seo/metadata';
import { EarningsView } from '@/components/office/earnings/EarningsView';
import { monthOfPage } from '@/lib/server/earnings/page-month';

export const generateMetadata = staticPageMetadata({
  path: '/office/earnings',
  page: 'meta.earnings',
  noindex: true,
});

/** The guide's earnings of a month (read in the browser with the session's token, as the rest of the office). */
export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ month?: string | string[] }>;
}) {
  await enterLocale(params);
  return <EarningsView initialMonth={monthOfPage((await searchParams).month)} />;
}
