import type { ReactNode } from 'react';
import { notFound } from 'next/navigation';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LocaleSwitcher } from '../../components/LocaleSwitcher';
import { routing } from '../../i18n/routing';

type Params = Promise<{ locale: string }>;

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

export async function generateMetadata({ params }: { params: Params }) {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Index' });
  return { title: t('title') };
}

export default async function LocaleLayout({ children, params }: { children: ReactNode; params: Params }) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations('Navigation');
  return (
    <html lang={locale}>
      <body>
        <NextIntlClientProvider>
          <nav>
            <a href={`/${locale}`}>{t('home')}</a> <a href={`/${locale}/about`}>{t('about')}</a> <LocaleSwitcher />
          </nav>
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
