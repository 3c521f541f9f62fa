'use client';

import { useTranslations } from 'next-intl';
import { Breadcrumbs, type Crumb } from '@/components/layout/Breadcrumbs';
import { usePathname } from '@/lib/i18n/navigation';
import { accountMenuEntry } from '@/lib/navigation/account-menu';

/** Home › Account (the account title) › the current section. */
export function AccountBreadcrumbs() {
  const t = useTranslations('nav');
  const entry = accountMenuEntry(usePathname());
  const items: Crumb[] = [{ label: t('account'), href: '/account' }];
  if (entry && entry.key !== 'accountOverview') items.push({ label: t(entry.key), href: entry.href });
  return <Breadcrumbs items={items} />;
}
