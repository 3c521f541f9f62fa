import { enterLocale } from '@/lib/server/pages/locale';
import { staticPageMetadata } from '@/lib/server/seo/metadata';
import { IdeaEditor } from '@/components/office/idea-editor/IdeaEditor';
import { env } from '@/lib/server/platform/env';

export const generateMetadata = staticPageMetadata({ path: '/office', page: 'meta.office', noindex: true });

/** A new idea: the editor on a blank form; nothing exists on the server until its first save. */
export default async function Page({ params }: { params: Promise<{ locale: string }> }) {
  await enterLocale(params);
  return <IdeaEditor tileUrl={env().MAP_TILE_URL} />;
}
