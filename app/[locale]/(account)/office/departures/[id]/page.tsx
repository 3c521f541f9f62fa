import { enterLocale } from '@/lib/server/pages/locale';
import { staticPageMetadata } from '@/lib/server/seo/metadata';
import { ManifestView } from '@/components/office/departures/ManifestView';

export const generateMetadata = staticPageMetadata({
  path: '/office/departures',
  page: 'meta.departures',
  noindex: true,
});

export default async function Page({ params }: { params: Promise<{ locale: string; id: string }> }) {
  await enterLocale(params);
  const { id } = await params;
  return <ManifestView id={id} />;
}
