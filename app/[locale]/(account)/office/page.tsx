import { enterLocale } from '@/lib/server/pages/locale';
import { staticPageMetadata } from '@/lib/server/seo/metadata';
import { OfficeDashboard } from '@/components/office/OfficeDashboard';

export const generateMetadata = staticPageMetadata({ path: '/office', page: 'meta.office', noindex: true });

export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  return <OfficeDashboard />;
}
