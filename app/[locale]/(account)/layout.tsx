import type { ReactNode } from 'react';
import { enterLocale, localeStaticParams } from '@/lib/server/pages/locale';
import { AccountMenu } from '@/components/account/AccountMenu';
import { AccountBreadcrumbs } from '@/components/account/AccountBreadcrumbs';
import { RequireSession } from '@/components/account/RequireSession';
import { AreaMessages } from '@/app/[locale]/_components/AreaMessages';
import { QueryArea } from '@/components/providers/QueryArea';
import { Footer } from '@/components/layout/Footer';
import { Header } from '@/components/layout/Header';
import { TabBar } from '@/components/layout/TabBar';
import { siteConfig } from '@/lib/server/platform/env';
import styles from '@/components/layout/layouts.module.css';

export const generateStaticParams = localeStaticParams;

/** SPEC section 2, account layout: header, breadcrumbs with the account title, account menu, footer, tab bar. */
export default async function AccountLayout({
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
      <div className={styles.accountTop}>
        <AccountBreadcrumbs />
      </div>
      <div className={styles.accountBody}>
        <AccountMenu />
        <main id="main" className={styles.accountMain}>
          <AreaMessages area="signedIn">
            <QueryArea>
              <RequireSession>{children}</RequireSession>
            </QueryArea>
          </AreaMessages>
        </main>
      </div>
      <Footer messengerUrl={siteConfig().messengerUrl} />
      <TabBar />
    </>
  );
}
