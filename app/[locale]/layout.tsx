import type { Metadata, Viewport } from 'next';
import type { LocaleLayoutProps } from '@/lib/i18n/routing';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider, hasLocale } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { Breakpoints } from '@/components/layout/Breakpoints';
import { Providers } from '@/components/providers/Providers';
import { SHELL_MESSAGES, pickMessages } from '@/lib/i18n/client-messages';
import { routing } from '@/lib/i18n/routing';
import { env, siteConfig } from '@/lib/server/platform/env';
import { manropeCyrillic, manropeLatin } from '../fonts';
import '../styles/globals.css';

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({
    locale: hasLocale(routing.locales, locale) ? locale : routing.defaultLocale,
    namespace: 'meta',
  });
  return {
    metadataBase: new URL(env().SITE_URL),
    title: { default: t('home.title'), template: t('titleTemplate') },
    description: t('home.description'),
    applicationName: t('siteName'),
    openGraph: { siteName: t('siteName'), type: 'website' },
    icons: { icon: '/icon.svg' },
  };
}

export const viewport: Viewport = {
  themeColor: '#0b5d7a',
  width: 'device-width',
  initialScale: 1,
};

export default async function LocaleLayout({ children, params }: LocaleLayoutProps) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const config = siteConfig();
  const messages = await getMessages();
  // Client components get only the shell's messages here; each area adds its own (AreaMessages).
  const clientMessages = pickMessages(messages as Record<string, unknown>, SHELL_MESSAGES);
  const t = await getTranslations('nav');

  return (
    <html lang={locale} className={`${manropeLatin.variable} ${manropeCyrillic.variable}`}>
      <body>
        {/* Every layout's content is <main id="main">. */}
        <a className="skip-link" href="#main">
          {t('skipToContent')}
        </a>
        <Breakpoints mobileBreakpoint={config.mobileBreakpoint} />
        <NextIntlClientProvider messages={clientMessages}>
          <Providers locale={locale} config={config}>
            {children}
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
