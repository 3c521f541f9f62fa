import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { enterLocale } from '@/lib/server/page-locale';
import { PagePlaceholder } from '@/components/ui/PagePlaceholder';
import { parseIdOrHid } from '@/lib/ids';
import { pageMetadata } from '@/lib/server/metadata';

type Props = { params: Promise<{ locale: string; id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  // An invalid id is answered by the page's notFound(); metadata must not throw it (Next then skips the SSR of the 404).
  return pageMetadata(locale, { path: `/go/${id}`, page: 'meta.idea', noindex: !parseIdOrHid(id) });
}

/** An idea page; its id must be numeric or a hid, anything else is a 404. */
export default async function IdeaPage({ params }: Props) {
  await enterLocale(params);
  const { id } = await params;
  if (!parseIdOrHid(id)) notFound();
  return <PagePlaceholder page="idea" />;
}
