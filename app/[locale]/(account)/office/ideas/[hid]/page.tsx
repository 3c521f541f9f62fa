import { enterLocale } from '@/lib/server/pages/locale';
import { staticPageMetadata } from '@/lib/server/seo/metadata';
import { IdeaEditor } from '@/components/office/idea-editor/IdeaEditor';
import { env } from '@/lib/server/platform/env';

export const generateMetadata = staticPageMetadata({ path: '/office', page: 'meta.office', noindex: true });

export default async function Page({ params }: { params: Promise<{ locale: string; hid: string }> }) {
  await enterLocale(params);
  const { hid } = await params;
  return <IdeaEditor hid={hid} tileUrl={env().MAP_TILE_URL} />;
}
