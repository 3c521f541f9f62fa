import type { ReactNode } from 'react';
import { Footer } from '@/components/layout/Footer';
import { Header } from '@/components/layout/Header';
import { TabBar } from '@/components/layout/TabBar';
import { siteConfig } from '@/lib/server/platform/env';

/**
 * The frame of the site's pages (SPEC section 2): the header above them, the footer and the phones' tab bar
 * below; `after` follows the tab bar.
 */
export function SiteFrame({ children, after }: { children: ReactNode; after?: ReactNode }) {
  return (
    <>
      <Header />
      {children}
      <Footer messengerUrl={siteConfig().messengerUrl} />
      <TabBar />
      {after}
    </>
  );
}
