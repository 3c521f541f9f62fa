import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { defaultLocale, isAppLocale, type AppLocale } from '@/lib/i18n/locales';
import { guidePath } from '@/lib/seo/structured-data';
import { textLanguageOf } from '@/lib/i18n/text-languages';
import { getGuide } from '@/lib/server/guides/guide';
import { enterLocale } from '@/lib/server/pages/locale';
import { pageData } from '@/lib/server/pages/prefetch';
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

/** One read per request for the metadata and the page. */
const loadGuide = cache((hid: string, locale: AppLocale) => pageData(getGuide(hid, textLanguageOf(locale))));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw, hid } = await params;
  const locale = isAppLocale(raw) ? raw : defaultLocale;
  const guide = await loadGuide(hid, locale);
  // An unknown guide is answered by the page's notFound(); metadata must not throw it (Next then skips the SSR of the 404).
  if (!guide) return pageMetadata(locale, { path: guidePath(hid), page: 'meta.guide', noindex: true });
  return guideMetadata(locale, guide);
}

/** `/authors/{hid}`: a user's public page, for authors with at least one published idea; 404 otherwise. */
export default async function GuidePage({ params }: Props) {
  const locale = await enterLocale(params);
  const { hid } = await params;
  const guide = await loadGuide(hid, locale);
  if (!guide) notFound();
  return <GuideDetails guide={guide} locale={locale} />;
}
