import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { AreaMessages } from '@/app/[locale]/_components/AreaMessages';
import { IdeaDetails } from '@/app/[locale]/(default)/go/[id]/_components/IdeaDetails';
import { defaultLocale, isAppLocale } from '@/lib/i18n/locales';
import { ideaMetadata, pageMetadata } from '@/lib/server/seo/metadata';
import { enterLocale } from '@/lib/server/pages/locale';
import { loadIdeaPage } from '@/lib/server/pages/idea-page';

type Props = { params: Promise<{ locale: string; id: string }> };

/**
 * Idea pages are rendered on their first visit and then served from the page cache; a change to the idea
 * invalidates its pages (lib/server/cache/page-cache.ts), and a minute bounds how stale seats and dates can be.
 */
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw, id } = await params;
  const locale = isAppLocale(raw) ? raw : defaultLocale;
  const idea = await loadIdeaPage(locale, id);
  // An unknown idea is answered by the page's notFound(); metadata must not throw it (Next then skips the SSR of the 404).
  if (!idea) return pageMetadata(locale, { path: `/go/${id}`, page: 'meta.idea', noindex: true });
  return ideaMetadata(locale, idea);
}

/**
 * SPEC section 2 `/go/:id` (id or hid): published ideas only, 404 otherwise. The proxy serves a numeric id's path
 * as its hid's, so each idea has one rendered page in the cache.
 */
export default async function IdeaPage({ params }: Props) {
  const locale = await enterLocale(params);
  const idea = await loadIdeaPage(locale, (await params).id);
  if (!idea) notFound();
  // Rendered from props: the page ships no React Query (lib/api/query-client-slot).
  return (
    <AreaMessages area="idea">
      <IdeaDetails idea={idea} locale={locale} />
    </AreaMessages>
  );
}
