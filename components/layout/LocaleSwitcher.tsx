'use client';

import { Suspense } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { AppLink } from '@/components/ui/AppLink';
import { GlobeIcon } from '@/components/ui/icons/GlobeIcon';
import { usePathname } from '@/lib/i18n/navigation';
import { locales, type AppLocale } from '@/lib/i18n/locales';
import styles from './LocaleSwitcher.module.css';

const LABELS = { ru: 'Русский', en: 'English', 'zh-CN': '中文' } as const;
const SHORT = { ru: 'RU', en: 'EN', 'zh-CN': '中文' } as const;

/** `row`: the footer's navigation of short codes; `menu`: a list of the languages' names in the header's menu. */
type Variant = 'row' | 'menu';

function Links({ search, variant }: { search: string; variant: Variant }) {
  const t = useTranslations('locale');
  const current = useLocale();
  const path = usePathname();
  const href = search ? `${path}?${search}` : path;
  const links = locales.map((locale) => (
    <AppLink
      key={locale}
      href={href}
      locale={locale}
      lang={locale}
      hrefLang={locale}
      className={variant === 'row' ? styles.option : styles.menuOption}
      aria-current={locale === current ? 'true' : undefined}
      aria-label={variant === 'row' ? LABELS[locale] : undefined}
    >
      {variant === 'row' ? SHORT[locale] : LABELS[locale]}
    </AppLink>
  ));
  if (variant === 'menu') {
    // A group rather than a second navigation landmark of the same name as the footer's.
    return (
      <div role="group" aria-label={t('switcher')} className={styles.menu}>
        {links}
      </div>
    );
  }
  return (
    <nav className={styles.switcher} aria-label={t('switcher')}>
      <GlobeIcon width={18} height={18} />
      {links}
    </nav>
  );
}

function LinksWithQuery({ variant }: { variant: Variant }) {
  return <Links search={useSearchParams().toString()} variant={variant} />;
}

/** ru / en / 中文, keeping the current path and query. */
export function LocaleSwitcher({ variant = 'row' }: { variant?: Variant }) {
  return (
    <Suspense fallback={<Links search="" variant={variant} />}>
      <LinksWithQuery variant={variant} />
    </Suspense>
  );
}

/** The current language's short code, as the header's language and currency button shows it. */
export function localeCode(locale: AppLocale): string {
  return SHORT[locale];
}
