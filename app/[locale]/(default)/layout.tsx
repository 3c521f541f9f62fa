import type { LocaleLayoutProps } from '@/lib/i18n/routing';
import { enterLocale } from '@/lib/server/pages/locale';
import { LazyCookieNotice } from '@/components/layout/LazyCookieNotice';
import { SiteFrame } from '@/app/[locale]/_components/SiteFrame';
import styles from '@/components/layout/layouts.module.css';

/** SPEC section 2, default layout: header, tab navigation, footer, cookie notice. */
export default async function DefaultLayout({ children, params }: LocaleLayoutProps) {
  await enterLocale(params);
  return (
    <SiteFrame after={<LazyCookieNotice />}>
      <main id="main" className={styles.main}>
        {children}
      </main>
    </SiteFrame>
  );
}
