import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { defaultLocale, isAppLocale } from '@/lib/i18n/locales';
import { guidePath } from '@/lib/seo/structured-data';
import { enterLocale } from '@/lib/server/pages/locale';
import { loadGuidePage } from '@/lib/server/pages/guide-page';
import { guideMetadata, pageMetadata } from '@/lib/server/seo/metadata';
import { GuideDetails } from './_components/GuideDetails';

type Props = { params: Promise<{ locale: string; hid: string }> };

/**
 * Guide pages are rendered on their first visit and then served from the page cache, like idea pages: an
 * author's profile change or a change to any idea drops them (lib/server/cache/invalidate.ts), and a minute
 * bounds how stale the cards' dates can be.
 */
export const revalidate = 60;
export const dynamicParams = true;
export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw, hid } = await params;
  const locale = isAppLocale(raw) ? raw : defaultLocale;
  const page = await loadGuidePage(locale, hid);
  // An unknown guide is answered by the page's notFound(); metadata must not throw it (Next then skips the SSR of the 404).
  if (!page) return pageMetadata(locale, { path: guidePath(hid), page: 'meta.guide', noindex: true });
  return guideMetadata(locale, page.guide);
}

/** `/authors/{hid}`: a user's public page, for authors with at least one published idea; 404 otherwise. */
export default async function GuidePage({ params }: Props) {
  const locale = await enterLocale(params);
  const page = await loadGuidePage(locale, (await params).hid);
  if (!page) notFound();
  return <GuideDetails guide={page.guide} categories={page.categories} locale={locale} />;
}
