'use client';

import { Suspense } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { AppLink } from '@/components/ui/AppLink';
import { GlobeIcon } from '@/components/ui/icons';
import { usePathname } from '@/lib/i18n/navigation';
import { locales } from '@/lib/i18n/locales';
import styles from './LocaleSwitcher.module.css';

const LABELS = { ru: 'Русский', en: 'English', 'zh-CN': '中文' } as const;
const SHORT = { ru: 'RU', en: 'EN', 'zh-CN': '中文' } as const;

function Links({ search }: { search: string }) {
  const t = useTranslations('locale');
  const current = useLocale();
  const path = usePathname();
  const href = search ? `${path}?${search}` : path;
  return (
    <nav className={styles.switcher} aria-label={t('switcher')}>
      <GlobeIcon width={18} height={18} />
      {locales.map((locale) => (
        <AppLink
          key={locale}
          href={href}
          locale={locale}
          lang={locale}
          hrefLang={locale}
          className={styles.option}
          aria-current={locale === current ? 'true' : undefined}
          aria-label={LABELS[locale]}
        >
          {SHORT[locale]}
        </AppLink>
      ))}
    </nav>
  );
}

function LinksWithQuery() {
  return <Links search={useSearchParams().toString()} />;
}

/** ru / en / 中文, keeping the current path and query. */
export function LocaleSwitcher() {
  return (
    <Suspense fallback={<Links search="" />}>
      <LinksWithQuery />
    </Suspense>
  );
}
