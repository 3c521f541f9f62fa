import { enterLocale } from '@/lib/server/pages/locale';
import { staticPageMetadata } from '@/lib/server/seo/metadata';
import { PayoutsView } from '@/components/office/earnings/PayoutsView';
import { monthOfPage } from '@/lib/server/earnings/page-month';

export const generateMetadata = staticPageMetadata({
  path: '/office/payouts',
  page: 'meta.payouts',
  noindex: true,
});

/** The payouts owed to guides (moderators and admins; the API answers 403 to anyone else). */
export default async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ locale: string }>;
  searchParams: Promise<{ month?: string | string[] }>;
}) {
  await enterLocale(params);
  return <PayoutsView initialMonth={monthOfPage((await searchParams).month)} />;
}
