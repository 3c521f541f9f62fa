import type { LocaleLayoutProps } from '@/lib/i18n/routing';
import { enterLocale, localeStaticParams } from '@/lib/server/pages/locale';
import { AccountMenu } from '@/components/account/AccountMenu';
import { AccountBreadcrumbs } from '@/components/account/AccountBreadcrumbs';
import { RequireSession } from '@/components/account/RequireSession';
import { AreaMessages } from '@/app/[locale]/_components/AreaMessages';
import { SiteFrame } from '@/app/[locale]/_components/SiteFrame';
import { QueryArea } from '@/components/providers/QueryArea';
import styles from '@/components/layout/layouts.module.css';

export const generateStaticParams = localeStaticParams;

/** SPEC section 2, account layout: header, breadcrumbs with the account title, account menu, footer, tab bar. */
export default async function AccountLayout({ children, params }: LocaleLayoutProps) {
  await enterLocale(params);
  return (
    <SiteFrame>
      <div className={styles.accountTop}>
        <AccountBreadcrumbs />
      </div>
      <div className={styles.accountBody}>
        {/* The menu shares the area's messages and queries: its messages entry counts unread messages. */}
        <AreaMessages area="signedIn">
          <QueryArea>
            <AccountMenu />
            <main id="main" className={styles.accountMain}>
              <RequireSession>{children}</RequireSession>
            </main>
          </QueryArea>
        </AreaMessages>
      </div>
    </SiteFrame>
  );
}
