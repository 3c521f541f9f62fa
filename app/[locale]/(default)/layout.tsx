import type { ReactNode } from 'react';
import { enterLocale } from '@/lib/server/pages/locale';
import { LazyCookieNotice } from '@/components/layout/LazyCookieNotice';
import { Footer } from '@/components/layout/Footer';
import { Header } from '@/components/layout/Header';
import { TabBar } from '@/components/layout/TabBar';
import { siteConfig } from '@/lib/server/platform/env';
import styles from '@/components/layout/layouts.module.css';

/** SPEC section 2, default layout: header, tab navigation, footer, cookie notice. */
export default async function DefaultLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  await enterLocale(params);
  return (
    <>
      <Header />
      <main id="main" className={styles.main}>
        {children}
      </main>
      <Footer messengerUrl={siteConfig().messengerUrl} />
      <TabBar />
      <LazyCookieNotice />
    </>
  );
}
